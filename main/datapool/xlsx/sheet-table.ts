/**
 * A sheet's cells as a table to push: the header row's names (merged,
 * empty or repeated header cells get names of their own, and a notice says
 * which), the rows below it as text in one fixed form (numbers with a point,
 * ISO dates), and each column's type from the kinds of its cells, which the
 * workbook knows (a "007" typed as text stays text). The push writes these
 * rows as UTF-8 CSV and tells the service exactly that form.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { ColumnType } from '../../../shared/domain/datapush.ts';
import type { PoolNotice } from '../../../shared/domain/datapool.ts';
import { DEFAULT_FIELD_LENGTH, type ReadColumn } from '../../../shared/tables/value-reading.ts';
import { quotedCsvField } from '../../files/csv.ts';
import type { CellKind, SheetCell, SheetCells } from './workbook.ts';

interface SheetTable {
  header: string[];
  rows: string[][];
  columns: (ReadColumn & { pkField: boolean })[];
  notices: PoolNotice[];
}

/** The fixed form the rows are written in, and the readings that go with it. */
const READINGS: Record<Exclude<ColumnType, 'STRING' | 'BOOLEAN'>, Partial<ReadColumn>> = {
  INTEGER: { decimalSeparator: '.', thousandsSeparator: '' },
  FLOAT: { decimalSeparator: '.', thousandsSeparator: '' },
  DATE: { dateFormat: 'yyyy-MM-dd' },
  DATETIME: { dateFormat: "yyyy-MM-dd'T'HH:mm:ss" },
  TIME: { dateFormat: 'HH:mm:ss' },
};

const columnLetter = (index: number): string => {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
};

/** The header row a person means: the first of the first 20 rows that is at least half as full as the fullest. */
export function guessHeaderRow(cells: SheetCells): number {
  const filled = cells.rows.slice(0, 20).map((row) => row.filter((c) => c.kind !== 'empty').length);
  const most = Math.max(0, ...filled);
  const index = filled.findIndex((n) => n > 0 && n >= Math.max(Math.min(2, most), most / 2));
  return index < 0 ? 1 : index + 1;
}

export function sheetTable(cells: SheetCells, headerRow: number, keys?: readonly string[]): SheetTable {
  const notices: PoolNotice[] = [];
  const headerCells = cells.rows[headerRow - 1] ?? [];
  const body = cells.rows.slice(headerRow);
  const used = (column: number): boolean =>
    (headerCells[column]?.kind ?? 'empty') !== 'empty' ||
    body.some((row) => (row[column]?.kind ?? 'empty') !== 'empty');
  let width = Math.max(headerCells.length, ...body.map((row) => row.length), 0);
  while (width > 0 && !used(width - 1)) width--;
  const header = headerNames(cells, headerRow, width, notices);
  const nonEmpty = body.filter((row) => row.slice(0, width).some((cell) => cell.kind !== 'empty'));
  if (nonEmpty.length < body.length && nonEmpty.length > 0)
    notices.push({ code: 'emptyRowsLeftOut', params: { count: String(body.length - nonEmpty.length) } });
  countCells(nonEmpty, width, 'error', 'errorCells', notices);
  countCells(nonEmpty, width, 'noResult', 'formulaWithoutResult', notices);
  const kinds = Array.from({ length: width }, (_, c) =>
    columnKind(nonEmpty.map((row) => row[c]?.kind ?? 'empty')),
  );
  const rows = nonEmpty.map((row) =>
    Array.from({ length: width }, (_, c) => textFor(row[c] ?? { kind: 'empty', text: '' }, kinds[c]!)),
  );
  const keyColumns = keys ?? (header.includes('id') ? ['id'] : []);
  const columns = header.map((name, c) =>
    columnOf(
      name,
      kinds[c]!,
      rows.map((row) => row[c]!),
      keyColumns,
    ),
  );
  return { header, rows, columns, notices };
}

function headerNames(cells: SheetCells, headerRow: number, width: number, notices: PoolNotice[]): string[] {
  const row = cells.rows[headerRow - 1] ?? [];
  const names: string[] = Array.from({ length: width }, (_, c) => (row[c]?.text ?? '').trim());
  // A header cell merged across columns names each of them: "Costs", "Costs_2", "Costs_3".
  for (const merge of cells.merges) {
    if (
      merge.firstRow > headerRow - 1 ||
      merge.lastRow < headerRow - 1 ||
      merge.firstColumn === merge.lastColumn
    )
      continue;
    const title =
      (cells.rows[merge.firstRow]?.[merge.firstColumn]?.text ?? '').trim() || columnLetter(merge.firstColumn);
    const named: string[] = [];
    for (let c = merge.firstColumn; c <= merge.lastColumn && c < width; c++) {
      names[c] = c === merge.firstColumn ? title : `${title}_${c - merge.firstColumn + 1}`;
      named.push(names[c]!);
    }
    notices.push({
      code: 'mergedHeader',
      params: {
        cells: `${columnLetter(merge.firstColumn)}${merge.firstRow + 1}:${columnLetter(merge.lastColumn)}${merge.lastRow + 1}`,
        names: named.join(', '),
      },
    });
  }
  const seen = new Set<string>();
  return names.map((name, c) => {
    let unique = name;
    if (!unique) {
      unique = `column_${columnLetter(c)}`;
      notices.push({ code: 'unnamedColumn', params: { column: columnLetter(c), name: unique } });
    }
    for (let n = 2; seen.has(unique.toLowerCase()); n++) unique = `${name}_${n}`;
    if (unique !== name && name)
      notices.push({ code: 'repeatedHeader', params: { column: columnLetter(c), name: unique } });
    seen.add(unique.toLowerCase());
    return unique;
  });
}

function countCells(
  rows: SheetCell[][],
  width: number,
  kind: CellKind,
  code: PoolNotice['code'],
  notices: PoolNotice[],
): void {
  let count = 0;
  for (const row of rows) for (let c = 0; c < width; c++) if (row[c]?.kind === kind) count++;
  if (count > 0) notices.push({ code, params: { count: String(count) } });
}

type ColumnKind = 'empty' | 'number' | 'boolean' | 'date' | 'datetime' | 'time' | 'text';

/** A column's kind from its cells: one kind (dates with and without times are date-and-time), else text. */
function columnKind(kinds: CellKind[]): ColumnKind {
  const present = new Set(kinds.filter((k) => k !== 'empty' && k !== 'error' && k !== 'noResult'));
  if (present.size === 0) return 'empty';
  if (present.size === 1) return [...present][0] as ColumnKind;
  if ([...present].every((k) => k === 'date' || k === 'datetime')) return 'datetime';
  return 'text';
}

function textFor(cell: SheetCell, kind: ColumnKind): string {
  if (kind === 'datetime' && cell.kind === 'date') return `${cell.text}T00:00:00`;
  return cell.text;
}

function columnOf(
  name: string,
  kind: ColumnKind,
  values: string[],
  keys: readonly string[],
): ReadColumn & { pkField: boolean } {
  const pkField = keys.includes(name);
  const type: ColumnType =
    kind === 'number'
      ? values.every((v) => v === '' || (/^-?\d{1,15}$/.test(v) && Number.isSafeInteger(Number(v))))
        ? 'INTEGER'
        : 'FLOAT'
      : kind === 'boolean'
        ? 'BOOLEAN'
        : kind === 'date'
          ? 'DATE'
          : kind === 'datetime'
            ? 'DATETIME'
            : kind === 'time'
              ? 'TIME'
              : 'STRING';
  if (type === 'STRING') {
    const longest = Math.max(0, ...values.map((v) => Array.from(v).length));
    return {
      columnName: name,
      columnType: type,
      fieldLength: Math.max(DEFAULT_FIELD_LENGTH, Math.ceil((longest * 2) / 40) * 40),
      pkField,
    };
  }
  if (type === 'BOOLEAN') return { columnName: name, columnType: type, pkField };
  const decimals =
    type === 'FLOAT' ? { decimals: Math.max(2, ...values.map((v) => (v.split('.')[1] ?? '').length)) } : {};
  return { columnName: name, columnType: type, ...READINGS[type], ...decimals, pkField };
}

/** The table as a UTF-8 CSV file (`,`, quoted where needed): what the push streams. */
export async function writeSheetCsv(
  table: Pick<SheetTable, 'header' | 'rows'>,
  path: string,
): Promise<number> {
  const out = createWriteStream(path);
  out.write(`${table.header.map(quotedCsvField).join(',')}\n`);
  for (const row of table.rows)
    if (!out.write(`${row.map(quotedCsvField).join(',')}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  return table.rows.length;
}
