import type { ReportingHierarchyNode } from '../../../shared/domain/reporting.ts';
import { createProgress, pickCulture, printJson, printTable } from '../output.ts';
import { intOption, requireArgs, stringOption, type Command } from './command.ts';
import { served } from '../cached-notice.ts';

/** Reporting items carry their names as a culture map (`names`) or a plain `name`. */
function label(item: Record<string, unknown>, culture: string): string {
  const names = item.names ?? item.displayNames;
  if (names && typeof names === 'object') return pickCulture(names as Record<string, string>, culture);
  return String(item.name ?? item.displayName ?? '');
}

function flatten(nodes: readonly ReportingHierarchyNode[], culture: string, depth = 0): string[][] {
  return nodes.flatMap((node) => [
    ['  '.repeat(depth) + label(node, culture), String(node.type ?? ''), node.id],
    ...flatten(node.children ?? [], culture, depth + 1),
  ]);
}

export const reportCommands: Command[] = [
  {
    name: 'report elements',
    args: '[--facet NAME] [--skip N] [--take N] [--all]',
    summary: 'List elements through the reporting interface (100 at most per page)',
    options: {
      facet: { type: 'string' },
      skip: { type: 'string' },
      take: { type: 'string' },
      all: { type: 'boolean' },
    },
    async run(ctx, _positionals, values) {
      const facetName = stringOption(values, 'facet');
      let elements;
      let total: number;
      if (values.all) {
        const progress = createProgress('elements');
        elements = await served(
          ctx,
          (await ctx.reader()).reportAllElements(facetName ? { facetName } : {}, {
            signal: ctx.signal,
            onPage: (done, all) => progress.update(done, all),
          }),
        );
        progress.done();
        total = elements.length;
      } else {
        const page = await served(
          ctx,
          (await ctx.reader()).reportElements(
            {
              skip: intOption(values, 'skip'),
              take: intOption(values, 'take'),
              ...(facetName ? { facetName } : {}),
            },
            { signal: ctx.signal },
          ),
        );
        elements = page.elements;
        total = page.totalCount;
      }
      if (ctx.out.json) return printJson(ctx.out, { totalCount: total, elements });
      printTable(
        ctx.out,
        ['NAME', 'FACET', 'TYPE', 'ID'],
        elements.map((e) => [label(e, ctx.culture), String(e.facetName ?? ''), String(e.type ?? ''), e.id]),
      );
      ctx.out.write(`${elements.length} of ${total}\n`);
    },
  },
  {
    name: 'report facets',
    args: '',
    summary: 'List facet names through the reporting interface',
    async run(ctx) {
      const facets = await served(ctx, (await ctx.reader()).reportFacets({ signal: ctx.signal }));
      if (ctx.out.json) return printJson(ctx.out, facets);
      printTable(
        ctx.out,
        ['FACET'],
        facets.map((f) => [f]),
      );
    },
  },
  {
    name: 'report hierarchy',
    args: 'FACET',
    summary: 'Show the element tree of a facet through the reporting interface',
    async run(ctx, positionals) {
      const [facet] = requireArgs(this, positionals, ['FACET']);
      const tree = await served(ctx, (await ctx.reader()).reportHierarchy(facet!, { signal: ctx.signal }));
      if (ctx.out.json) return printJson(ctx.out, tree);
      printTable(ctx.out, ['NAME', 'TYPE', 'ID'], flatten(tree, ctx.culture));
    },
  },
];
