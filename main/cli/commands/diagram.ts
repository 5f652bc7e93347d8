import { layoutKeys, type LayoutKey, type NewShape } from '../../../shared/domain/process.ts';
import { sanitizeSvg } from '../../svg/sanitize-svg.ts';
import { LocalError, UsageError } from '../cli-error.ts';
import { pickCulture, printJson, printTable } from '../output.ts';
import { readInputFile, writeOutputFile } from './files.ts';
import { requireArgs, stringOption, type Command } from './command.ts';
import { served } from '../cached-notice.ts';
import { placeOfElement, writeNow } from './write-now.ts';

/** `--steps "Check order>Ship>Invoice"`: a chain of shapes, each after the one before. */
function stepsToShapes(steps: string, type: string, culture: string): NewShape[] {
  const names = steps
    .split('>')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw new UsageError('--steps needs at least one name, e.g. --steps "Check>Ship".');
  return names.map((name, index) => ({
    index,
    ...(index > 0 ? { predecessors: [index - 1] } : {}),
    type,
    attributes: { name: { [culture]: name } },
  }));
}

function parseContentModel(text: string, file: string): NewShape[] {
  type Entry = {
    shapeInfo?: { index?: number; predecessors?: number[] };
    element?: { type?: string; attributes?: Record<string, Record<string, string>> };
  };
  let entries: Entry[] | undefined;
  try {
    entries = (JSON.parse(text) as { values?: Entry[] }).values;
  } catch {
    entries = undefined;
  }
  if (
    !Array.isArray(entries) ||
    entries.some((e) => typeof e.shapeInfo?.index !== 'number' || !e.element?.type)
  ) {
    throw new LocalError(
      `${file} is not a ContentModel.`,
      'It must be JSON: { "values": [ { "shapeInfo": { "index": 0 }, "element": { "type": "…", "attributes": {} } } ] }.',
    );
  }
  return entries.map((e) => ({
    index: e.shapeInfo!.index!,
    ...(e.shapeInfo!.predecessors ? { predecessors: e.shapeInfo!.predecessors } : {}),
    type: e.element!.type!,
    attributes: e.element!.attributes ?? {},
  }));
}

export const diagramCommands: Command[] = [
  {
    name: 'content',
    args: 'FACET VIEW ID',
    summary: "List the shapes of an element's diagram and their order",
    async run(ctx, positionals) {
      const [facet, view, id] = requireArgs(this, positionals, ['FACET', 'VIEW', 'ID']);
      const shapes = await served(
        ctx,
        (await ctx.reader()).getContent(facet!, view!, id!, { signal: ctx.signal }),
      );
      if (ctx.out.json) return printJson(ctx.out, shapes);
      printTable(
        ctx.out,
        ['NAME', 'TYPE', 'SHAPE', 'AFTER', 'ID'],
        shapes.map((s) => [
          pickCulture(s.attributes.name, ctx.culture),
          s.type,
          s.shapeId,
          s.predecessors.map((p) => p.shapeId ?? p.id).join(','),
          s.id,
        ]),
      );
    },
  },
  {
    name: 'content add',
    args: 'FACET ID --steps "A>B>C" [--type TYPE] | --json-file FILE',
    summary: "Add shapes to an element's diagram (a chain of steps, or a ContentModel file)",
    options: { steps: { type: 'string' }, type: { type: 'string' }, 'json-file': { type: 'string' } },
    async run(ctx, positionals, values) {
      const [facet, id] = requireArgs(this, positionals, ['FACET', 'ID']);
      let shapes: NewShape[];
      const file = stringOption(values, 'json-file');
      if (file) {
        shapes = parseContentModel(await readInputFile(file, 'a ContentModel'), file);
      } else {
        const steps = stringOption(values, 'steps');
        if (!steps)
          throw new UsageError(
            '"lanes content add" needs --steps or --json-file.',
            `Usage: lanes content add ${this.args}`,
          );
        shapes = stepsToShapes(steps, stringOption(values, 'type') ?? 'task', ctx.culture);
      }
      const where = { elementId: id!, ...(await placeOfElement(ctx, id!, facet!)) };
      const { result } = await writeNow(ctx, 'createContent', where, { shapes });
      if (ctx.out.json) return printJson(ctx.out, result ?? {});
      ctx.out.write(`${result?.message || 'Shapes added.'}\n`);
    },
  },
  {
    name: 'render',
    args: 'DIAGRAM [--layout KEY] [--culture LCID] [-o FILE] [--raw]',
    summary: 'Render a diagram as SVG (sanitized unless --raw)',
    options: { layout: { type: 'string' }, output: { type: 'string', short: 'o' }, raw: { type: 'boolean' } },
    async run(ctx, positionals, values) {
      const [diagram] = requireArgs(this, positionals, ['DIAGRAM']);
      const layout = (stringOption(values, 'layout') ?? 'detailed') as LayoutKey;
      if (!layoutKeys.includes(layout))
        throw new UsageError(`Unknown layout "${layout}".`, `Use one of: ${layoutKeys.join(', ')}.`);
      const raw = await served(
        ctx,
        (await ctx.reader()).renderDiagram(diagram!, Number(ctx.culture), layout, { signal: ctx.signal }),
      );
      let svg = raw;
      if (!values.raw) {
        try {
          const clean = sanitizeSvg(raw);
          svg = clean.svg;
          if (clean.removed > 0)
            ctx.notify(
              `lanes: removed ${clean.removed} unsafe parts from the server's SVG (use --raw to keep them)\n`,
            );
        } catch (error) {
          throw new LocalError(
            `The service sent an SVG Lanes cannot read: ${(error as Error).message}`,
            'Use --raw to save it as it came.',
          );
        }
      }
      await writeOutputFile(ctx, stringOption(values, 'output'), svg);
    },
  },
];
