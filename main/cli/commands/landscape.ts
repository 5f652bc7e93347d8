import type { Element } from '../../../shared/domain/process.ts';
import { createProgress, pickCulture, printJson, printTable } from '../output.ts';
import type { CommandContext } from '../context.ts';
import { intOption, requireArgs, stringOption, type Command } from './command.ts';
import { served } from '../cached-notice.ts';

function elementRows(ctx: CommandContext, elements: readonly Element[], depth = 0): string[][] {
  return elements.flatMap((element) => [
    [
      '  '.repeat(depth) + pickCulture(element.attributes.name, ctx.culture),
      element.type,
      element.state ?? '',
      pickCulture(element.attributes.version, ctx.culture),
      element.id,
    ],
    // Flat views list children as bare references; only a tree's children carry attributes.
    ...elementRows(
      ctx,
      element.children.filter((child) => Object.keys(child.attributes).length > 0),
      depth + 1,
    ),
  ]);
}

const ELEMENT_HEADERS = ['NAME', 'TYPE', 'STATE', 'VERSION', 'ID'];

export const landscapeCommands: Command[] = [
  {
    name: 'facets',
    args: '',
    summary: 'List the facets of the tenant',
    async run(ctx) {
      const facets = await served(ctx, (await ctx.reader()).listFacets({ signal: ctx.signal }));
      if (ctx.out.json) return printJson(ctx.out, facets);
      printTable(
        ctx.out,
        ['NAME', 'DISPLAY NAME'],
        facets.map((f) => [f.name, pickCulture(f.displayNames, ctx.culture)]),
      );
    },
  },
  {
    name: 'views',
    args: 'FACET',
    summary: 'List the views of a facet',
    async run(ctx, positionals) {
      const [facet] = requireArgs(this, positionals, ['FACET']);
      const views = await served(ctx, (await ctx.reader()).listViews(facet!, { signal: ctx.signal }));
      if (ctx.out.json) return printJson(ctx.out, views);
      printTable(
        ctx.out,
        ['NAME', 'DISPLAY NAME', 'HIERARCHICAL'],
        views.map((v) => [v.name, pickCulture(v.displayNames, ctx.culture), v.isHierarchical ? 'yes' : 'no']),
      );
    },
  },
  {
    name: 'ls',
    args: 'FACET VIEW [--filter EXPR] [--select A,B] [--resources R] [--page N] [--page-size N] [--all]',
    summary: 'List the elements of a view (one page, or --all of them)',
    options: {
      filter: { type: 'string' },
      select: { type: 'string' },
      resources: { type: 'string' },
      'expand-related': { type: 'string' },
      page: { type: 'string' },
      'page-size': { type: 'string' },
      all: { type: 'boolean' },
    },
    async run(ctx, positionals, values) {
      const [facet, view] = requireArgs(this, positionals, ['FACET', 'VIEW']);
      const query = {
        filter: stringOption(values, 'filter'),
        select: stringOption(values, 'select'),
        resources: stringOption(values, 'resources'),
        expandRelated: stringOption(values, 'expand-related'),
        pageSize: intOption(values, 'page-size'),
      };
      let elements: Element[];
      if (values.all) {
        const progress = createProgress('elements');
        elements = await served(
          ctx,
          (await ctx.reader()).listAllElements(facet!, view!, query, {
            signal: ctx.signal,
            onPage: (_page, total) => progress.update(total),
          }),
        );
        progress.done();
      } else {
        elements = await served(
          ctx,
          (await ctx.reader()).listElements(
            facet!,
            view!,
            { ...query, page: intOption(values, 'page') },
            { signal: ctx.signal },
          ),
        );
      }
      if (ctx.out.json) return printJson(ctx.out, elements);
      printTable(ctx.out, ELEMENT_HEADERS, elementRows(ctx, elements));
    },
  },
  {
    name: 'show',
    args: 'FACET VIEW ID [--select A,B] [--expand-related R]',
    summary: 'Show one element with its attributes and related contexts',
    options: {
      select: { type: 'string' },
      'expand-related': { type: 'string' },
      resources: { type: 'string' },
    },
    async run(ctx, positionals, values) {
      const [facet, view, id] = requireArgs(this, positionals, ['FACET', 'VIEW', 'ID']);
      const element = await served(
        ctx,
        (await ctx.reader()).getElement(
          facet!,
          view!,
          id!,
          {
            select: stringOption(values, 'select'),
            expandRelated: stringOption(values, 'expand-related'),
            resources: stringOption(values, 'resources'),
          },
          { signal: ctx.signal },
        ),
      );
      if (ctx.out.json) return printJson(ctx.out, element);
      ctx.out.write(`${pickCulture(element.attributes.name, ctx.culture) || element.id}\n`);
      ctx.out.write(
        `  id ${element.id}  type ${element.type}  state ${element.state ?? '-'}  facet ${element.facetName}\n\n`,
      );
      printTable(
        ctx.out,
        ['ATTRIBUTE', 'VALUE'],
        Object.entries(element.attributes).map(([name, map]) => [name, pickCulture(map, ctx.culture)]),
      );
      const related = Object.entries(element.related).flatMap(([name, list]) =>
        list.map((ref) => [name, ref.type, ref.id]),
      );
      if (related.length > 0) {
        ctx.out.write('\n');
        printTable(ctx.out, ['RELATED', 'TYPE', 'ID'], related);
      }
    },
  },
  {
    name: 'attributes',
    args: 'FACET VIEW ID [ATTRIBUTE]',
    summary: 'List the attributes of an element in every culture',
    async run(ctx, positionals) {
      const [facet, view, id] = requireArgs(this, positionals, ['FACET', 'VIEW', 'ID']);
      const attributes = await served(
        ctx,
        (await ctx.reader()).getAttributes(facet!, view!, id!, positionals[3], { signal: ctx.signal }),
      );
      if (ctx.out.json) return printJson(ctx.out, attributes);
      printTable(
        ctx.out,
        ['ATTRIBUTE', 'CULTURE', 'VALUE'],
        Object.entries(attributes).flatMap(([name, map]) =>
          Object.entries(map).map(([culture, value]) => [name, culture, value]),
        ),
      );
    },
  },
  {
    name: 'related',
    args: 'FACET VIEW ID [CONTEXT]',
    summary: 'List the related contexts of an element',
    async run(ctx, positionals) {
      const [facet, view, id] = requireArgs(this, positionals, ['FACET', 'VIEW', 'ID']);
      const related = await served(
        ctx,
        (await ctx.reader()).getRelated(facet!, view!, id!, positionals[3], { signal: ctx.signal }),
      );
      if (ctx.out.json) return printJson(ctx.out, related);
      printTable(
        ctx.out,
        ['CONTEXT', 'FACET', 'TYPE', 'ID'],
        Object.entries(related).flatMap(([name, list]) =>
          list.map((ref) => [name, ref.facetName, ref.type, ref.id]),
        ),
      );
    },
  },
  {
    name: 'info',
    args: 'FACET VIEW ID',
    summary: 'Show what the current user may do with an element',
    async run(ctx, positionals) {
      const [facet, view, id] = requireArgs(this, positionals, ['FACET', 'VIEW', 'ID']);
      const info = await served(
        ctx,
        (await ctx.reader()).getInfo(facet!, view!, id!, { signal: ctx.signal }),
      );
      if (ctx.out.json) return printJson(ctx.out, info);
      printTable(
        ctx.out,
        ['FIELD', 'VALUE'],
        [
          ['name', info.name],
          ['type', info.elementTypeName],
          ['has diagram', String(info.hasDiagram)],
          ['read only', String(info.isReadOnly)],
          ['may edit', String(info.hasEditPermission)],
          ['permissions', info.permissions.join(', ')],
        ],
      );
    },
  },
  {
    name: 'config',
    args: 'FACET VIEW TYPE',
    summary: 'Show the definition of an element type',
    async run(ctx, positionals) {
      const [facet, view, type] = requireArgs(this, positionals, ['FACET', 'VIEW', 'TYPE']);
      const types = await served(
        ctx,
        (await ctx.reader()).getConfig(facet!, view!, type!, { signal: ctx.signal }),
      );
      if (ctx.out.json) return printJson(ctx.out, types);
      printTable(
        ctx.out,
        ['TYPE', 'PROPERTY', 'LABEL', 'DATA TYPE', 'CHOICES'],
        types.flatMap((t) =>
          t.properties.map((p) => [
            t.key,
            p.key,
            pickCulture(p.displayNames, ctx.culture),
            p.dataType ?? '',
            p.selectableValues.length || '',
          ]),
        ),
      );
    },
  },
];
