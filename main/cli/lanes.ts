import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { resolveDataDir } from '../base/data-dir.ts';
import { uiLanguageFromLocale } from '../../shared/i18n/translate.ts';
import { describeFailure, UsageError } from './cli-error.ts';
import { connectionFields, type Connection } from '../profiles/connection-fields.ts';
import { CommandContext } from './context.ts';
import type { Output } from './output.ts';
import type { Command, OptionValues } from './commands/command.ts';
import { landscapeCommands } from './commands/landscape.ts';
import { diagramCommands } from './commands/diagram.ts';
import { releaseCommands } from './commands/release.ts';
import { bpmnCommands } from './commands/bpmn.ts';
import { reportCommands } from './commands/report.ts';
import { profileCommands } from './commands/profile.ts';
import { pushCommands } from './commands/push.ts';
import { offlineCommands } from './commands/offline.ts';
import { syncCommands } from './commands/sync.ts';
import { editCommands } from './commands/edits.ts';

const GLOBAL_OPTIONS: ParseArgsOptionsConfig = {
  profile: { type: 'string' },
  json: { type: 'boolean' },
  culture: { type: 'string' },
  debug: { type: 'boolean' },
  offline: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  ...Object.fromEntries(connectionFields.map((field) => [field.flag, { type: 'string' as const }])),
};
const CULTURES = ['1031', '1033', '3082', '127'];

interface CliIo {
  argv: string[];
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Runs one `lanes` command and returns its exit code; never throws. */
export async function runLanes(io: CliIo): Promise<number> {
  const language = uiLanguageFromLocale(io.env.LANES_LANG ?? io.env.LC_ALL ?? io.env.LANG);
  let debug = io.argv.includes('--debug');
  let context: CommandContext | undefined;
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    let flags: Connection = {};
    const commands = [
      ...landscapeCommands,
      ...editCommands,
      ...diagramCommands,
      ...releaseCommands,
      ...bpmnCommands,
      ...reportCommands,
      ...pushCommands,
      ...offlineCommands,
      ...syncCommands,
      ...profileCommands(() => flags),
    ];
    const { command, rest } = findCommand(commands, io.argv);
    if (!command) {
      io.stdout(helpText(commands));
      return io.argv.length === 0 || io.argv.includes('--help') || io.argv[0] === 'help' ? 0 : 1;
    }
    const parsed = parseStrict(command, rest);
    const values = parsed.values as OptionValues;
    debug = values.debug === true;
    if (values.help) {
      io.stdout(`Usage: lanes ${command.name} ${command.args}\n\n${command.summary}\n`);
      return 0;
    }
    flags = Object.fromEntries(
      connectionFields
        .filter((f) => typeof values[f.flag] === 'string')
        .map((f) => [f.key, values[f.flag] as string]),
    );
    const culture = (values.culture as string | undefined) ?? io.env.LANES_CULTURE ?? '1033';
    if (!CULTURES.includes(culture))
      throw new UsageError(`Unknown culture "${culture}".`, `Use one of ${CULTURES.join(', ')}.`);
    const out: Output = { json: values.json === true, culture, write: io.stdout };
    context = new CommandContext(
      out,
      resolveDataDir(io.env),
      {
        ...(typeof values.profile === 'string' ? { profile: values.profile } : {}),
        json: out.json,
        culture,
        debug,
        flags,
        offline: values.offline === true,
      },
      io.env,
      controller.signal,
      io.stderr,
    );
    await command.run(context, parsed.positionals, values);
    return 0;
  } catch (error) {
    const { text, exitCode } = describeFailure(error, language, debug);
    io.stderr(text + '\n');
    return exitCode;
  } finally {
    process.removeListener('SIGINT', onSigint);
    await context?.close().catch(() => {});
  }
}

function findCommand(commands: Command[], argv: string[]): { command?: Command; rest: string[] } {
  const words = argv.filter((arg) => !arg.startsWith('-')).slice(0, 2);
  for (const length of [2, 1]) {
    const name = words.slice(0, length).join(' ');
    const command = commands.find((c) => c.name === name);
    if (command && length <= words.length) {
      const rest = [...argv];
      for (const word of name.split(' ')) rest.splice(rest.indexOf(word), 1);
      return { command, rest };
    }
  }
  if (words.length > 0 && words[0] !== 'help') {
    throw new UsageError(`Unknown command "${words.join(' ')}".`);
  }
  return { rest: argv };
}

function parseStrict(command: Command, args: string[]): ReturnType<typeof parseArgs> {
  try {
    return parseArgs({
      args,
      options: { ...GLOBAL_OPTIONS, ...command.options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(
      (error as Error).message.split('\n')[0] ?? 'Invalid arguments.',
      `Usage: lanes ${command.name} ${command.args}`,
    );
  }
}

function helpText(commands: Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'lanes: the Lanes command line for the process-management service',
    '',
    'Usage: lanes COMMAND [ARGS] [--profile NAME] [--json] [--culture 1031|1033|3082|127] [--offline] [--debug]',
    '',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Connection flags (override the profile for one command): ' +
      connectionFields.map((f) => `--${f.flag}`).join(' '),
    'Exit codes: 0 ok, 1 usage, 2 service refused, 3 unreachable or outcome unknown, 4 conflict or warning, 5 local file problem.',
    '',
  ].join('\n');
}
