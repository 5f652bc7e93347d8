/**
 * The merge's promises, checked on one real-world document at a time: used
 * by the corpus test (text edits) and by the e2e test whose "mine" side is
 * saved by Lanes' own Modeler. Edits are made as another tool would make
 * them: in the XML text, not through our own model.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import { asElements } from './bpmn-canonical.ts';
import { allElements } from './bpmn-integrity.ts';
import { diKey, parseBpmn, serializeBpmn, type BpmnDocument } from './bpmn-items.ts';
import { mergeBpmn } from './three-way-merge.ts';

export const corporaDir =
  process.env.LANES_CORPORA ?? fileURLToPath(new URL('../../../shared/corpora', import.meta.url));

/** Every whole diagram of the corpora (fragments, `.part.bpmn`, are not documents), by path. */
export function corpusFiles(dir = corporaDir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.bpmn') && !name.endsWith('.part.bpmn'))
    .sort()
    .map((name) => join(dir, name));
}

/** Same items, each with the same canonical meaning (the merge's "semantically identical"). */
export function semanticDifference(a: BpmnDocument, b: BpmnDocument): string[] {
  const keys = new Set([...a.items.keys(), ...b.items.keys()]);
  return [...keys].filter((key) => a.items.get(key)?.snapshot !== b.items.get(key)?.snapshot).sort();
}

export interface EditTargets {
  /** A named element to rename. */
  rename: string;
  /** Another element whose shape is moved. */
  move: string;
}

/** A named element and a different shape, if the document has both. */
export function editTargets(doc: BpmnDocument): EditTargets | undefined {
  const semantic = [...doc.items.values()].filter((item) => item.kind === 'semantic');
  const named = semantic.filter((item) => 'name' in item.element && /^bpmn:/.test(item.element.$type));
  const renamable = named.find((item) => /Task|Activity|SubProcess/.test(item.element.$type)) ?? named[0];
  if (!renamable) return undefined;
  const shapes = [...doc.items.values()].filter(
    (item) =>
      item.element.$type === 'bpmndi:BPMNShape' &&
      item.element.bounds &&
      item.key !== diKey(renamable.key) &&
      doc.items.has(item.key.slice(0, -3)),
  );
  const shape = shapes.find((item) => !/Participant|Lane/.test(String(item.key))) ?? shapes[0];
  return shape ? { rename: renamable.key, move: shape.key.slice(0, -3) } : undefined;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeAttr = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The element whose start tag has id="…", renamed in the text (name added when it has none). */
export function renameInText(xml: string, id: string, name: string): string {
  const tag = new RegExp(`<([\\w.:-]+)(\\s[^>]*?\\bid=(["'])${escapeRegExp(id)}\\3[^>]*?)(/?)>`);
  const match = tag.exec(xml);
  assert.ok(match, `a start tag with id="${id}"`);
  const attrs = match[2]!;
  const renamed = /\sname=(["'])[^"']*\1/.test(attrs)
    ? attrs.replace(/\sname=(["'])[^"']*\1/, ` name="${escapeAttr(name)}"`)
    : `${attrs} name="${escapeAttr(name)}"`;
  return (
    xml.slice(0, match.index) +
    `<${match[1]}${renamed}${match[4]}>` +
    xml.slice(match.index + match[0].length)
  );
}

/** The shape drawing `id` moved right by `dx` in the text: the first Bounds after its start tag. */
export function moveInText(xml: string, id: string, dx: number): string {
  const shape = new RegExp(`<[\\w.:-]*BPMNShape\\b[^>]*\\bbpmnElement=(["'])${escapeRegExp(id)}\\1`).exec(
    xml,
  );
  assert.ok(shape, `a shape drawing ${id}`);
  const bounds = /<[\w.:-]*Bounds\b[^>]*?\bx=(["'])(-?[\d.eE+-]+)\1/g;
  bounds.lastIndex = shape.index;
  const found = bounds.exec(xml);
  assert.ok(found, `bounds of the shape drawing ${id}`);
  const x = `x=${found[1]}${Number(found[2]) + dx}${found[1]}`;
  const start = found.index + found[0].lastIndexOf('x=');
  return xml.slice(0, start) + x + xml.slice(start + `x=${found[1]}${found[2]}${found[1]}`.length);
}

export interface MergeCheck {
  noOp: 'clean' | string;
  renameMove?: 'clean' | string;
  overlap?: 'conflict' | string;
}

/**
 * Runs the checks of the corpus test on one document, with `mine` made by
 * `editMine` (text edits by default, or a save by the Modeler). Returns a
 * failure description per check instead of throwing, so one run lists every
 * file that breaks.
 */
export async function checkMerge(
  xml: string,
  editMine: (xml: string, targets: EditTargets, name: string) => Promise<string | undefined> | string = (
    x,
    t,
    n,
  ) => renameInText(x, t.rename, n),
  noise: ReadonlySet<string> = new Set(),
): Promise<MergeCheck> {
  const original = await parseBpmn(xml);
  const noOpMerge = await mergeBpmn(xml, xml, xml);
  const check: MergeCheck = {
    noOp: !noOpMerge.clean
      ? `conflict: ${JSON.stringify(noOpMerge.overlaps.slice(0, 3))}`
      : describe(semanticDifference(await parseBpmn(noOpMerge.xml), original)),
  };
  const targets = editTargets(original);
  if (!targets) return check;
  const mine = await editMine(xml, targets, 'Renamed by me');
  // The Modeler can only rename what it draws; such a file has nothing to check here.
  if (mine === undefined) return check;
  const theirs = moveInText(xml, targets.move, 40);
  const merged = await mergeBpmn(xml, mine, theirs);
  if (!merged.clean) check.renameMove = `conflict: ${JSON.stringify(merged.overlaps.slice(0, 3))}`;
  else {
    const result = await parseBpmn(merged.xml);
    const changed = semanticDifference(result, original).filter((key) => !noise.has(key));
    // Exactly both sides' changes: my rename (with the label layout my editor redid for it) and their move.
    const mineChanged = semanticDifference(await parseBpmn(mine), original).filter((key) => !noise.has(key));
    const expected = [...new Set([...mineChanged, diKey(targets.move)])]
      .filter((key) => !noise.has(key))
      .sort();
    const name = result.items.get(targets.rename)?.element.name;
    const movedX = (doc: BpmnDocument) =>
      (doc.items.get(diKey(targets.move))?.element.bounds as { x?: number } | undefined)?.x;
    check.renameMove =
      JSON.stringify(changed) !== JSON.stringify(expected)
        ? `changed ${JSON.stringify(changed)}, expected ${JSON.stringify(expected)}`
        : name !== 'Renamed by me'
          ? `name is ${String(name)}`
          : movedX(result) !== movedX(await parseBpmn(theirs))
            ? `their move of ${targets.move} is not in the result`
            : 'clean';
  }
  const overlap = await mergeBpmn(
    xml,
    (await editMine(xml, targets, 'Mine')) ?? xml,
    renameInText(xml, targets.rename, 'Theirs'),
  );
  check.overlap =
    !overlap.clean && overlap.overlaps.some((o) => o.id === targets.rename)
      ? 'conflict'
      : `not a conflict on ${targets.rename}`;
  return check;
}

/** The checks that did not come out as promised, one line each, for one assertion over the whole corpus. */
export function failedChecks(label: string, check: MergeCheck): string[] {
  return Object.entries(check)
    .filter(([, outcome]) => outcome !== 'clean' && outcome !== 'conflict')
    .map(([name, outcome]) => `${label} ${name}: ${String(outcome)}`);
}

function describe(difference: string[]): string {
  return difference.length === 0 ? 'clean' : `differs in ${difference.slice(0, 5).join(', ')}`;
}

export const VENDOR_NS = 'http://example.com/schema/vendor/1.0';
const moddle = new BpmnModdle();

/**
 * The document with what the hand-drawn corpus lacks, added the way other
 * tools write it: colours on every shape (bpmn.io's `bioc:` and the OMG
 * `color:` extension), `##`-implementations, a name starting with `#`, and
 * vendor extension elements and attributes on the process, each flow node
 * and each flow. Returns undefined for a document without a process.
 */
export async function enrichedVariant(xml: string): Promise<string | undefined> {
  const { rootElement: definitions } = await moddle.fromXML(xml, 'bpmn:Definitions');
  const processes = asElements(definitions.rootElements).filter((e) => e.$type === 'bpmn:Process');
  if (processes.length === 0) return undefined;
  definitions.$attrs!['xmlns:vendor'] = VENDOR_NS;
  let n = 0;
  for (const element of [...allElements(definitions)]) {
    if (element.$type === 'bpmndi:BPMNShape') {
      element.set!('bioc:fill', n % 2 ? '#ffcdd2' : '#c2d7eb');
      element.set!('color:background-color', '#c2d7eb');
      element.set!('bioc:stroke', '#e53935');
    }
    const flowLike = /Task|Event|Gateway|SequenceFlow|SubProcess|CallActivity|bpmn:Process$/.test(
      element.$type,
    );
    if (!flowLike || !element.$type.startsWith('bpmn:')) continue;
    n++;
    element.$attrs!['vendor:flag'] = `f${n}`;
    if (/Task$/.test(element.$type)) element.$attrs!['vendor:implementation'] = '##WebService';
    if (n === 2 && typeof element.name === 'string') element.name = `#1 ${element.name}`;
    element.extensionElements = moddle.create('bpmn:ExtensionElements', {
      values: [
        moddle.createAny('vendor:properties', VENDOR_NS, {
          $children: [moddle.createAny('vendor:property', VENDOR_NS, { name: 'owner', value: `v${n}` })],
        }),
      ],
    });
  }
  return serializeBpmn(definitions);
}

/** Mine changes one vendor extension value of `id`; the merge must keep it. */
export function changeExtensionValueInText(xml: string, id: string): string {
  const tag = new RegExp(`\\bid=(["'])${escapeRegExp(id)}\\1`).exec(xml);
  assert.ok(tag, `element ${id}`);
  const value = /(<vendor:property\b[^>]*\bvalue=")([^"]*)"/g;
  value.lastIndex = tag.index;
  const found = value.exec(xml);
  assert.ok(found, `an extension value after ${id}`);
  const start = found.index + found[1]!.length;
  return xml.slice(0, start) + 'changed-by-me' + xml.slice(start + found[2]!.length);
}

export function firstWithExtension(doc: BpmnDocument): ModdleElement | undefined {
  return [...doc.items.values()].find((item) => item.element.extensionElements && item.kind === 'semantic')
    ?.element;
}
