/**
 * A chosen file as the preview shows it: a CSV file with its detected (or
 * corrected) encoding and separator, or a workbook's sheet from its header
 * row; the first rows, the columns with their types and readings, and what
 * the user should know. Runs in the push worker: reading a workbook is
 * heavy. Problems become a LanesError whose `problem` the screen translates.
 */
import { stat } from 'node:fs/promises';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { ChosenFile } from '../../shared/domain/datapool.ts';
import type { TableFormat } from '../../shared/domain/table-format.ts';
import { EmptyCsvError, HeaderError } from '../api/datapush/csv-file-errors.ts';
import { inspectCsv } from '../api/datapush/csv-inspect.ts';
import { tableFileKind } from './file-kind.ts';
import type { SheetCells } from './xlsx/workbook.ts';
import { WorkbookError } from './xlsx/zip-check.ts';

export type FilePreview = Omit<ChosenFile, 'fileId'>;

/** Rows the preview shows; the types are inferred from up to 1,000. */
export const PREVIEW_ROWS = 20;
const SAMPLE_ROWS = 1000;

/** A workbook's sheet and header row as far as they are given (`lanes push --sheet`); the rest is guessed. */
type WorkbookChoice = { kind: 'xlsx'; sheet?: string | undefined; headerRow?: number | undefined };

/**
 * The file as the preview shows it. Without a format (a file just chosen),
 * its kind comes from its first bytes, and a file that is no table is refused
 * with what it seems to be (file-kind.ts).
 */
export async function inspectFile(
  path: string,
  name: string,
  format?: TableFormat | WorkbookChoice,
): Promise<FilePreview> {
  try {
    const kind = format?.kind ?? (await tableFileKind(path, name));
    if (kind === 'xls') throw new WorkbookError('notXlsx', 'an Excel 97–2003 workbook (.xls)');
    return kind === 'xlsx'
      ? await inspectWorkbook(path, format?.kind === 'xlsx' ? format : undefined)
      : await inspectCsvFile(path, format?.kind === 'csv' ? format : undefined);
  } catch (error) {
    throw fileProblem(error, path, name);
  }
}

async function inspectCsvFile(
  path: string,
  format?: Extract<TableFormat, { kind: 'csv' }>,
): Promise<FilePreview> {
  const csv = await inspectCsv(path, format ?? {});
  return {
    name: '',
    bytes: csv.bytes,
    format: { kind: 'csv', charSet: csv.dialect.charSet, separator: csv.dialect.separator },
    header: csv.header,
    rows: csv.sample.slice(0, PREVIEW_ROWS),
    columns: csv.columns,
    hints: csv.hints,
    notices: [],
  };
}

async function inspectWorkbook(path: string, format?: WorkbookChoice): Promise<FilePreview> {
  // The spreadsheet reader is loaded for workbooks only.
  const { openWorkbook } = await import('./xlsx/workbook.ts');
  const { guessHeaderRow, sheetTable } = await import('./xlsx/sheet-table.ts');
  const bytes = (await stat(path)).size;
  const maxRows = Math.max(20, format?.headerRow ?? 0) + SAMPLE_ROWS;
  const book = await openWorkbook(path, bytes, { maxRows });
  const hasData = (cells: SheetCells): boolean =>
    cells.rows.some((row) => row.some((cell) => cell.kind !== 'empty'));
  // The sheet asked for, else the first one that has anything in it.
  const sheet =
    format?.sheet ?? book.sheets.find((name) => hasData(book.cells(name))) ?? book.sheets[0] ?? 'Sheet1';
  const cells = book.cells(sheet);
  const headerRow = format?.headerRow ?? guessHeaderRow(cells);
  const base = { name: '', bytes, sheets: book.sheets, format: { kind: 'xlsx' as const, sheet, headerRow } };
  const hints = { decimalSeparator: '.' as const, dayFirst: false };
  if (!hasData(cells))
    return {
      ...base,
      header: [],
      rows: [],
      columns: [],
      hints,
      notices: [{ code: 'emptySheet', params: { sheet } }],
    };
  const table = sheetTable(cells, headerRow);
  return {
    ...base,
    header: table.header,
    rows: table.rows.slice(0, PREVIEW_ROWS),
    columns: table.columns,
    hints,
    notices: table.notices,
  };
}

/** A file problem as the screen shows it: what is wrong and what to do, by a `problem` code. */
export function fileProblem(error: unknown, path: string, name: string): LanesError {
  if (error instanceof LanesError) return error;
  const withName = (text: string): string => text.split(path).join(name);
  let problem = 'unreadable';
  let params: Record<string, string> = {};
  let reason = withName(error instanceof Error ? error.message : String(error));
  if (error instanceof EmptyCsvError) {
    problem = 'empty';
    reason = 'the file is empty';
  } else if (error instanceof HeaderError) {
    problem = error.kind === 'empty' ? 'headerEmpty' : 'headerRepeated';
    params = { column: String(error.column), columnName: error.columnName };
    reason = `${withName(error.message)} Give every column its own name in the file and choose it again`;
  } else if (error instanceof WorkbookError) {
    problem = `workbook.${error.reason}`;
    params = error.params;
    reason =
      error.reason === 'notXlsx'
        ? `${error.message}. Lanes reads CSV files and Excel workbooks (.xlsx); save it as .xlsx or CSV and choose it again`
        : error.message;
  } else if ((error as NodeJS.ErrnoException)?.code === 'ENOENT') {
    problem = 'missing';
    reason = 'the file is no longer there';
  }
  return new LanesError({
    code: 'file.unreadable',
    message: `Cannot read ${name}: ${reason}`,
    params: { path: name, reason, problem, ...params },
    cause: error,
  });
}
