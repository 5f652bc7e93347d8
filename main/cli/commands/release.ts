import type { Element } from '../../../shared/domain/process.ts';
import { pickCulture, printJson, printTable } from '../output.ts';
import type { CommandContext } from '../context.ts';
import { requireArgs, type Command } from './command.ts';
import { served } from '../cached-notice.ts';
import { placeOfElement, writeNow } from './write-now.ts';

function printElementState(ctx: CommandContext, element: Element): void {
  if (ctx.out.json) return printJson(ctx.out, element);
  const version = pickCulture(element.attributes.version, ctx.culture);
  ctx.out.write(
    `${element.id}: state ${element.state ?? '-'}${version ? `, version ${version}` : ''}${element.versionId ? ` (${element.versionId})` : ''}\n`,
  );
}

/** The element as the answer described it (or, should it have none, as the service has it now). */
async function changedElement(
  ctx: CommandContext,
  where: { elementId: string; facet: string; view: string },
  done: { element?: Element },
): Promise<Element> {
  return (
    done.element ??
    (await ctx.process().getElement(where.facet, where.view, where.elementId, {}, { signal: ctx.signal }))
  );
}

export const releaseCommands: Command[] = [
  {
    name: 'versions',
    args: 'FACET VIEW ID',
    summary: 'List every version of an element with its state and validity',
    async run(ctx, positionals) {
      const [facet, view, id] = requireArgs(this, positionals, ['FACET', 'VIEW', 'ID']);
      const versions = await served(
        ctx,
        (await ctx.reader()).listVersions(facet!, view!, id!, { signal: ctx.signal }),
      );
      if (ctx.out.json) return printJson(ctx.out, versions);
      printTable(
        ctx.out,
        ['VERSION', 'STATE', 'VALID FROM', 'VALID UNTIL', 'VERSION ID'],
        versions.map((v) => [
          pickCulture(v.attributes.version, ctx.culture),
          v.state,
          pickCulture(v.attributes.validFrom, ctx.culture),
          pickCulture(v.attributes.validUntil, ctx.culture),
          v.versionId,
        ]),
      );
    },
  },
  {
    name: 'create-version',
    args: 'ID',
    summary: 'Create a new version (state inProcess) of an element',
    async run(ctx, positionals) {
      const [id] = requireArgs(this, positionals, ['ID']);
      const where = { elementId: id!, ...(await placeOfElement(ctx, id!)) };
      printElementState(
        ctx,
        await changedElement(ctx, where, await writeNow(ctx, 'createVersion', where, {})),
      );
    },
  },
  {
    name: 'transitions',
    args: 'ID',
    summary: 'List the release transitions available to an element now',
    async run(ctx, positionals) {
      const [id] = requireArgs(this, positionals, ['ID']);
      const transitions = await served(
        ctx,
        (await ctx.reader()).listTransitions(id!, { signal: ctx.signal }),
      );
      if (ctx.out.json) return printJson(ctx.out, transitions);
      printTable(
        ctx.out,
        ['TRANSITION', 'FROM', 'TO'],
        transitions.map((t) => [t.id, t.sourceState, t.targetState]),
      );
    },
  },
  {
    name: 'transition',
    args: 'ID TRANSITION [--ignore-warnings]',
    summary: 'Move an element through a release transition',
    options: { 'ignore-warnings': { type: 'boolean' } },
    async run(ctx, positionals, values) {
      const [id, transition] = requireArgs(this, positionals, ['ID', 'TRANSITION']);
      const where = { elementId: id!, ...(await placeOfElement(ctx, id!)) };
      const done = await writeNow(ctx, 'transition', where, {
        transitionId: transition!,
        ignoreWarnings: values['ignore-warnings'] === true,
        // The sender learns it from the transitions the service offers, before sending.
        targetState: null,
      });
      printElementState(ctx, await changedElement(ctx, where, done));
    },
  },
  {
    name: 'delete',
    args: 'FACET VIEW ID',
    summary: 'Delete an element',
    async run(ctx, positionals) {
      const [facet, view, id] = requireArgs(this, positionals, ['FACET', 'VIEW', 'ID']);
      const { result } = await writeNow(
        ctx,
        'deleteElement',
        { elementId: id!, facet: facet!, view: view! },
        {},
      );
      if (ctx.out.json) return printJson(ctx.out, result ?? {});
      ctx.out.write(`${result?.message || 'Deleted.'}\n`);
    },
  },
];
