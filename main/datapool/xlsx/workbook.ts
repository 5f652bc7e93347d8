/**
 * One sheet of an .xlsx workbook as cells Lanes can push, read with SheetJS
 * (@e965/xlsx) after the archive passed zip-check.ts. Nothing in the file
 * runs: formulas are taken as the results Excel saved with them, macros and
 * external links are never looked at. Dates are Excel's day numbers with a
 * date format; they are turned into calendar dates here (1900 or 1904 date
 * system), never through a time zone.
 */
import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { checkXlsxZip, WorkbookError } from './zip-check.ts';

export type CellKind =
  'empty' | 'text' | 'number' | 'boolean' | 'date' | 'datetime' | 'time' | 'error' | 'noResult';

export interface SheetCell {
  kind: CellKind;
  /** The value as text: numbers in plain notation, dates as ISO, booleans as true/false. */
  text: string;
}

interface MergedRange {
  firstRow: number;
  lastRow: number;
  firstColumn: number;
  lastColumn: number;
}

export interface SheetCells {
  /** Rows from the sheet's first row (index 0 = row 1), each as wide as the used range. */
  rows: SheetCell[][];
  merges: MergedRange[];
}

interface Workbook {
  sheets: string[];
}

const EMPTY: SheetCell = { kind: 'empty', text: '' };

async function checkedBytes(path: string, size: number): Promise<Buffer> {
  const names = await checkXlsxZip(path, size);
  if (!names.has('xl/workbook.xml'))
    throw new WorkbookError(
      'notXlsx',
      'The file is a zip archive but not an Excel workbook (no xl/workbook.xml).',
    );
  return readFile(path);
}

/**
 * The workbook read once: its sheet names, and each sheet's cells on demand
 * (its first `maxRows` rows when given; only the `sheets` named when given).
 */
export async function openWorkbook(
  path: string,
  size: number,
  options: { maxRows?: number; sheets?: string[] } = {},
): Promise<Workbook & { cells(sheet: string): SheetCells }> {
  const bytes = await checkedBytes(path, size);
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      cellNF: true,
      cellText: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
      ...(options.sheets ? { sheets: options.sheets } : {}),
      ...(options.maxRows ? { sheetRows: options.maxRows } : {}),
    });
  } catch (error) {
    throw new WorkbookError('unreadable', `The workbook cannot be read: ${(error as Error).message}`);
  }
  const date1904 = Boolean(book.Workbook?.WBProps?.date1904);
  return {
    sheets: book.SheetNames,
    cells(sheet: string): SheetCells {
      const worksheet = book.Sheets[sheet];
      if (!worksheet) throw new WorkbookError('noSheet', `The workbook has no sheet "${sheet}".`, { sheet });
      return sheetCells(worksheet, date1904);
    },
  };
}

function sheetCells(worksheet: XLSX.WorkSheet, date1904: boolean): SheetCells {
  const data = (worksheet['!data'] ?? []) as (XLSX.CellObject | undefined)[][];
  const range = worksheet['!ref'] ? XLSX.utils.decode_range(worksheet['!ref']) : undefined;
  const width = range ? range.e.c + 1 : 0;
  const rows: SheetCell[][] = [];
  const height = Math.min(data.length, range ? range.e.r + 1 : 0);
  for (let r = 0; r < height; r++) {
    const source = data[r] ?? [];
    const row: SheetCell[] = new Array<SheetCell>(width);
    for (let c = 0; c < width; c++) row[c] = cellOf(source[c], date1904);
    rows.push(row);
  }
  const merges = (worksheet['!merges'] ?? []).map((m) => ({
    firstRow: m.s.r,
    lastRow: m.e.r,
    firstColumn: m.s.c,
    lastColumn: m.e.c,
  }));
  return { rows, merges };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function cellOf(cell: XLSX.CellObject | undefined, date1904: boolean): SheetCell {
  if (!cell || cell.t === 'z') return EMPTY;
  if (cell.t === 'e') return { kind: 'error', text: '' };
  if (cell.v === undefined || cell.v === null) return cell.f ? { kind: 'noResult', text: '' } : EMPTY;
  switch (cell.t) {
    case 'b':
      return { kind: 'boolean', text: cell.v ? 'true' : 'false' };
    case 's': {
      const text = String(cell.v);
      return text === '' ? EMPTY : { kind: 'text', text };
    }
    case 'd': {
      const d = cell.v instanceof Date ? cell.v : new Date(String(cell.v));
      if (Number.isNaN(d.getTime())) return { kind: 'text', text: String(cell.v) };
      return dateCell(
        {
          y: d.getUTCFullYear(),
          m: d.getUTCMonth() + 1,
          d: d.getUTCDate(),
          H: d.getUTCHours(),
          M: d.getUTCMinutes(),
          S: d.getUTCSeconds(),
        },
        d.getUTCHours() + d.getUTCMinutes() + d.getUTCSeconds() > 0,
        false,
      );
    }
    case 'n': {
      const value = cell.v as number;
      if (cell.z && XLSX.SSF.is_date(cell.z)) {
        const code = XLSX.SSF.parse_date_code(value, { date1904 }) as DateCode | null;
        if (code) return dateCell(code, !Number.isInteger(value), value < 1 && value >= 0);
      }
      return { kind: 'number', text: numberText(value) };
    }
    default:
      return { kind: 'text', text: String(cell.v) };
  }
}

interface DateCode {
  y: number;
  m: number;
  d: number;
  H: number;
  M: number;
  S: number;
}

function dateCell(code: DateCode, hasTime: boolean, timeOnly: boolean): SheetCell {
  const date = `${pad(code.y, 4)}-${pad(code.m)}-${pad(code.d)}`;
  const time = `${pad(code.H)}:${pad(code.M)}:${pad(code.S)}`;
  if (timeOnly) return { kind: 'time', text: time };
  return hasTime ? { kind: 'datetime', text: `${date}T${time}` } : { kind: 'date', text: date };
}

/** Plain notation as far as a double allows (no exponent below 1e21). */
function numberText(value: number): string {
  const text = String(value);
  if (!/e/i.test(text) || Math.abs(value) >= 1e21) return text;
  return value.toFixed(20).replace(/\.?0+$/, '');
}
