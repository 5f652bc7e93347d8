/**
 * The files translators get and give back: XLIFF 2.0 (what translation tools
 * and agencies use, written and read with the `xliff` library) and a CSV a
 * spreadsheet opens (RFC 4180 with a UTF-8 mark, as every Lanes export). Both
 * carry, per text, its key, the source text it was translated from and the
 * target text, so an import can tell which rows changed in the meantime.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { js2xliff, xliff12ToJs, xliff2js, type XliffValue } from 'xliff';
import type { RowState } from '../../shared/domain/translation-rows.ts';
import { toCsv } from '../files/csv.ts';

/** BCP 47 tags of the service's language cultures, as XLIFF's srcLang/trgLang and the CSV header write them. */
const TAGS: Record<number, string> = { 1031: 'de-DE', 1033: 'en-US', 3082: 'es-ES' };

export function languageTagOf(lcid: number): string {
  return TAGS[lcid] ?? String(lcid);
}

/** The culture a tag names (only the language counts: "de", "de-AT" and "de-DE" are German). */
function lcidOfTag(tag: string | undefined): number | null {
  const language = tag?.trim().toLowerCase().split(/[-_]/)[0];
  const found = Object.entries(TAGS).find(([, known]) => known.startsWith(`${language}-`));
  return found ? Number(found[0]) : null;
}

export interface ExchangeRow {
  key: string;
  type: string;
  field: string;
  source: string | null;
  target: string | null;
  state: RowState;
}

interface ExchangeMeta {
  processId: string;
  processName: string;
  source: number;
  target: number;
}

/** A text as a file gives it back. */
interface ReadUnit {
  key: string;
  /** The source text the file was made from (null: none, or not given). */
  source: string | null;
  /** The translation (null: left empty); `markup` when it holds inline elements Lanes cannot write into a name. */
  target: string | null;
  markup: boolean;
}

export interface ReadExchange {
  format: 'xliff' | 'csv';
  /** The target culture the file says it is in, when it says (null: unknown). */
  target: number | null;
  source: number | null;
  /** The process the file was made for, when it says. */
  processId: string | null;
  units: ReadUnit[];
}

/** `Shape_1#name` ↔ `Shape_1.name`: XLIFF ids are NMTOKENs, which have no `#`. */
const unitId = (key: string): string => key.replace(/#(?=[a-z]+$)/, '.');
const keyOf = (id: string): string => id.replace(/\.(?=[a-z]+$)/, '#');

/** "bpmn:UserTask" → "User task": what the element is, for the translator's context. */
function readableType(type: string): string {
  const local = type
    .slice(type.indexOf(':') + 1)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return local.charAt(0).toUpperCase() + local.slice(1);
}

export async function toXliff(meta: ExchangeMeta, rows: readonly ExchangeRow[]): Promise<string> {
  const units: Record<string, { source: string; target?: string; note: string }> = {};
  for (const row of rows) {
    units[unitId(row.key)] = {
      source: row.source ?? '',
      ...(row.target !== null ? { target: row.target } : {}),
      note: `${readableType(row.type)} (${row.type}), ${row.field}`,
    };
  }
  return js2xliff(
    {
      sourceLanguage: languageTagOf(meta.source),
      targetLanguage: languageTagOf(meta.target),
      resources: { [meta.processId]: units },
    },
    { indent: '  ' },
  );
}

function textOf(value: XliffValue | undefined): { text: string | null; markup: boolean } {
  if (value === undefined) return { text: null, markup: false };
  if (typeof value === 'string') return { text: value === '' ? null : value, markup: false };
  if (value.every((part) => typeof part === 'string')) {
    const text = value.join('');
    return { text: text === '' ? null : text, markup: false };
  }
  return { text: null, markup: true };
}

export async function fromXliff(text: string): Promise<ReadExchange> {
  const version = /<xliff\b[^>]*\bversion\s*=\s*["']([\d.]+)["']/.exec(text)?.[1];
  if (!version) throw new Error('it is not an XLIFF file (no <xliff> element with a version)');
  const doc = await (version.startsWith('1.') ? xliff12ToJs(text) : xliff2js(text));
  if (doc instanceof Error) throw doc;
  const files = Object.entries(doc.resources ?? {});
  const units: ReadUnit[] = [];
  for (const [, fileUnits] of files) {
    for (const [id, unit] of Object.entries(fileUnits)) {
      const source = textOf(unit.source);
      const target = textOf(unit.target);
      units.push({ key: keyOf(id), source: source.text, target: target.text, markup: target.markup });
    }
  }
  return {
    format: 'xliff',
    source: lcidOfTag(doc.sourceLanguage),
    target: lcidOfTag(doc.targetLanguage),
    processId: files.length === 1 ? files[0]![0] : null,
    units,
  };
}

const CSV_FIXED = ['id', 'element', 'field'] as const;

export function toCsvFile(meta: ExchangeMeta, rows: readonly ExchangeRow[]): string {
  const header = [...CSV_FIXED, languageTagOf(meta.source), languageTagOf(meta.target), 'state'];
  return toCsv(
    header,
    rows.map((row) => [
      row.key,
      readableType(row.type),
      row.field,
      row.source ?? '',
      row.target ?? '',
      row.state,
    ]),
  );
}

/** A spreadsheet's formula guard ("'=…") taken off again: the text as it was exported. */
const unguarded = (value: string): string => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/**
 * Reads the CSV back as a spreadsheet saved it: a comma, semicolon (German
 * Excel) or tab between fields, with or without the UTF-8 mark. The source
 * and target columns are the two language tags of the header.
 */
export function fromCsv(text: string): ReadExchange {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [',', ';', '\t'].sort(
    (a, b) => firstLine.split(b).length - firstLine.split(a).length,
  )[0]!;
  const records = parseCsv(text, {
    bom: true,
    delimiter,
    relax_column_count: true,
    skip_empty_lines: true,
  }) as string[][];
  const [header, ...rows] = records;
  if (!header || header[0]?.trim().toLowerCase() !== 'id')
    throw new Error('the first line is not the header Lanes writes (id, element, field, languages, state)');
  const tags = header.map((cell) => lcidOfTag(cell));
  const sourceColumn = tags.findIndex((lcid, i) => i >= CSV_FIXED.length && lcid !== null);
  const targetColumn = tags.findIndex((lcid, i) => i > sourceColumn && lcid !== null);
  if (sourceColumn < 0 || targetColumn < 0)
    throw new Error('the header names no source and target language (such as de-DE and en-US)');
  return {
    format: 'csv',
    source: tags[sourceColumn]!,
    target: tags[targetColumn]!,
    processId: null,
    units: rows
      .filter((row) => (row[0] ?? '').trim() !== '')
      .map((row) => {
        const source = unguarded(row[sourceColumn] ?? '');
        const target = unguarded(row[targetColumn] ?? '');
        return {
          key: row[0]!.trim(),
          source: source === '' ? null : source,
          target: target === '' ? null : target,
          markup: false,
        };
      }),
  };
}
