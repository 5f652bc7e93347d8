/**
 * A CSV file as Lanes will push it, from its first half megabyte: how it is
 * written (csv-dialect.ts), its header, a sample of rows, and each column's
 * type and reading (shared/tables/column-inference.ts). The preview, the
 * app's push and `lanes push` all start here, so they agree.
 */
import { open } from 'node:fs/promises';
import type { ChunkDialect } from './csv-chunks.ts';
import { readCsvSample } from './csv-dialect.ts';
import { EmptyCsvError, HeaderError } from './csv-file-errors.ts';
import { inferColumns, readingHints, type ReadingHints } from '../../../shared/tables/column-inference.ts';
import type { ReadColumn } from '../../../shared/tables/value-reading.ts';
import type { CharSet, CsvSeparator } from '../../../shared/domain/table-format.ts';

/** Only the start of the file is read: enough rows to infer types, never the whole file. */
const INSPECT_BYTES = 512 * 1024;
const SAMPLE_ROWS = 1000;

export interface CsvInspection {
  bytes: number;
  dialect: ChunkDialect;
  header: string[];
  /** Up to 1,000 rows from the start, split into fields. */
  sample: string[][];
  hints: ReadingHints;
  columns: (ReadColumn & { pkField: boolean })[];
}

type GivenDialect = { charSet?: CharSet; separator?: CsvSeparator };

/** The file's size and its first half megabyte. */
async function headOf(path: string): Promise<{ bytes: number; head: Buffer }> {
  const file = await open(path, 'r');
  try {
    const bytes = (await file.stat()).size;
    const head = Buffer.alloc(Math.min(bytes, INSPECT_BYTES));
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return { bytes, head: head.subarray(0, bytesRead) };
  } finally {
    await file.close();
  }
}

/**
 * How the file is written, as the preview read it (the encoding and separator
 * the user settled on, its byte-order mark and whether it quotes its fields):
 * what a push of it streams with.
 */
export async function csvDialectOf(path: string, given: Required<GivenDialect>): Promise<ChunkDialect> {
  const { bytes, head } = await headOf(path);
  return readCsvSample(head, bytes <= INSPECT_BYTES, given).dialect;
}

export async function inspectCsv(
  path: string,
  given: GivenDialect = {},
  keys?: readonly string[],
): Promise<CsvInspection> {
  const { bytes, head } = await headOf(path);
  const { dialect, header, rows } = readCsvSample(head, bytes <= INSPECT_BYTES, given);
  if (header.length === 0 || header.every((name) => name.trim() === '')) throw new EmptyCsvError(path);
  checkHeader(header, path);
  const sample = rows.slice(0, SAMPLE_ROWS);
  const hints = readingHints(sample, dialect.separator);
  const keyColumns = keys ?? (header.includes('id') ? ['id'] : []);
  return { bytes, dialect, header, sample, hints, columns: inferColumns(header, sample, keyColumns, hints) };
}

/** Every column needs a name of its own: the service matches the file's header to the table's columns. */
function checkHeader(header: readonly string[], path: string): void {
  const seen = new Set<string>();
  header.forEach((name, index) => {
    if (name.trim() === '') throw new HeaderError(path, 'empty', index + 1, name);
    const key = name.trim().toLowerCase();
    if (seen.has(key)) throw new HeaderError(path, 'repeated', index + 1, name);
    seen.add(key);
  });
}
