import { UsageError } from '../cli-error.ts';
import { connectionFields, type Connection } from '../../profiles/connection-fields.ts';
import { printJson, printTable } from '../output.ts';
import { readInputFile } from './files.ts';
import { requireArgs, stringOption, type Command, type OptionValues } from './command.ts';
import { LocalError } from '../cli-error.ts';
import { insecureUrlFields } from '../../../shared/domain/profiles.ts';
import type { CommandContext } from '../context.ts';

type ConnectionField = (typeof connectionFields)[number];

/** On stderr, so that --json output stays parseable: tokens to such an address travel unencrypted. */
function warnIfUnencrypted(ctx: CommandContext, name: string, connection: Connection): void {
  const insecure = insecureUrlFields(connection);
  if (insecure.length === 0) return;
  ctx.notify(
    `lanes: warning: profile "${name}" sends its tokens unencrypted: ${insecure.join(', ')} use plain http:// ` +
      'to a host other than this computer. Use https://.\n',
  );
}

/** A profile from the emulator's ready line (or any JSON with the same names), then flags on top. */
async function connectionFrom(values: OptionValues, flags: Connection): Promise<Connection> {
  const connection: Connection = {};
  const file = stringOption(values, 'from-json');
  if (file) {
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(await readInputFile(file, 'connection JSON')) as Record<string, unknown>;
    } catch (error) {
      if (error instanceof LocalError) throw error;
      throw new LocalError(
        `${file} is not JSON.`,
        'Give the line the emulator printed, or a JSON object with the same names.',
      );
    }
    for (const field of connectionFields) {
      const value = json[field.key];
      if (typeof value === 'string' && value) connection[field.key] = value;
    }
  }
  return { ...connection, ...flags };
}

/**
 * profiles.json never holds secrets, so without --secrets-file they are dropped;
 * say so, and how to keep them, instead of letting the next command fail.
 */
function secretsNotKept(
  name: string,
  jsonFile: string | undefined,
  skipped: readonly ConnectionField[],
): string {
  const source = jsonFile ? `The secrets in ${jsonFile}` : 'The secrets you passed';
  const again = jsonFile
    ? `lanes profile add ${name} --from-json ${jsonFile}`
    : `lanes profile add ${name} …`;
  return (
    `lanes: warning: ${source} (${skipped.map((f) => f.key).join(', ')}) were not kept, because profiles.json holds no secrets. ` +
    `To keep them, run "${again} --secrets-file PATH" (Lanes writes PATH readable only by you); ` +
    `or set ${skipped.map((f) => f.env).join(', ')} whenever you run a command.\n`
  );
}

export function profileCommands(flags: () => Connection): Command[] {
  return [
    {
      name: 'profile add',
      args: 'NAME [--from-json FILE] [--secrets-file FILE] [--process-base-url URL …]',
      summary: 'Add or replace a connection profile',
      options: { 'from-json': { type: 'string' }, 'secrets-file': { type: 'string' } },
      async run(ctx, positionals, values) {
        const [name] = requireArgs(this, positionals, ['NAME']);
        const connection = await connectionFrom(values, flags());
        if (Object.keys(connection).length === 0) {
          throw new UsageError(
            'The profile would be empty.',
            'Pass --from-json FILE or connection flags such as --process-base-url.',
          );
        }
        const { storedSecrets } = ctx.profiles.save(name!, connection, stringOption(values, 'secrets-file'));
        ctx.out.write(`Saved profile "${name}".\n`);
        warnIfUnencrypted(ctx, name!, connection);
        const skipped = connectionFields.filter(
          (f) => f.secret && connection[f.key] && !storedSecrets.includes(f.key),
        );
        if (skipped.length > 0) ctx.notify(secretsNotKept(name!, stringOption(values, 'from-json'), skipped));
      },
    },
    {
      name: 'profile list',
      args: '',
      summary: 'List profiles (* marks the one in use)',
      async run(ctx) {
        const list = ctx.profiles.list();
        for (const { name, profile } of list) warnIfUnencrypted(ctx, name, profile);
        if (ctx.out.json)
          return printJson(
            ctx.out,
            list.map(({ name, current, profile }) => ({ name, current, ...profile })),
          );
        printTable(
          ctx.out,
          ['', 'NAME', 'PROCESS BASE URL', 'SECRETS'],
          list.map(({ name, current, profile }) => [
            current ? '*' : '',
            name,
            profile.processBaseUrl,
            profile.secretsFile ? 'file' : 'environment',
          ]),
        );
      },
    },
    {
      name: 'profile show',
      args: '[NAME]',
      summary: 'Show a profile (secrets are never printed)',
      async run(ctx, positionals) {
        const name = positionals[0] ?? ctx.profiles.current();
        if (!name)
          throw new UsageError(
            'No profile is in use.',
            'Add one with "lanes profile add NAME --from-json FILE".',
          );
        const profile = ctx.profiles.get(name);
        warnIfUnencrypted(ctx, name, profile);
        if (ctx.out.json) return printJson(ctx.out, { name, ...profile });
        printTable(
          ctx.out,
          ['FIELD', 'VALUE'],
          [
            ...connectionFields.filter((f) => !f.secret).map((f) => [f.key, profile[f.key] ?? '']),
            ['secretsFile', profile.secretsFile ?? '(environment)'],
          ],
        );
      },
    },
    {
      name: 'profile use',
      args: 'NAME',
      summary: 'Make a profile the default',
      async run(ctx, positionals) {
        const [name] = requireArgs(this, positionals, ['NAME']);
        ctx.profiles.use(name!);
        ctx.out.write(`Now using profile "${name}".\n`);
      },
    },
    {
      name: 'profile remove',
      args: 'NAME',
      summary: 'Remove a profile (its secrets file is left for you to delete)',
      async run(ctx, positionals) {
        const [name] = requireArgs(this, positionals, ['NAME']);
        ctx.profiles.remove(name!);
        ctx.out.write(`Removed profile "${name}".\n`);
      },
    },
  ];
}
