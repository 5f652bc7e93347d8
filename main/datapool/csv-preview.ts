import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { inferColumns } from '../api/datapush/column-inference.ts';
import { csvRecords, splitCsvRecord } from '../api/datapush/csv-chunks.ts';
import type { ColumnTransport } from '../../shared/domain/datapush.ts';

export interface CsvPreview {
  bytes: number;
  header: string[];
  rows: string[][];
  columns: ColumnTransport[];
}

/** Only the start of the file is read: enough rows to infer types, never the whole file. */
const PREVIEW_BYTES = 512 * 1024;
const SAMPLE_ROWS = 1000;

/**
 * The header, the first rows and the inferred columns of a CSV file, from its
 * first half megabyte. A column called `id` is suggested as the key.
 */
export async function previewCsv(path: string, shownRows: number): Promise<CsvPreview> {
  const bytes = (await stat(path)).size;
  const pieces: Buffer[] = [];
  for await (const piece of createReadStream(path, { start: 0, end: PREVIEW_BYTES - 1 }))
    pieces.push(piece as Buffer);
  const complete = bytes <= PREVIEW_BYTES;
  const text = utf8Text(Buffer.concat(pieces), complete);
  // A record cut off by the preview's end is not shown or sampled.
  const records = csvRecords(text, Number.POSITIVE_INFINITY, !complete);
  const [headerLine, ...rest] = records.filter((record) => record !== '');
  if (headerLine === undefined) throw new EmptyFileError();
  const header = splitCsvRecord(headerLine);
  const sample = rest.slice(0, SAMPLE_ROWS).map((record) => splitCsvRecord(record));
  const keys = header.includes('id') ? ['id'] : [];
  return { bytes, header, rows: sample.slice(0, shownRows), columns: inferColumns(header, sample, keys) };
}

export class EmptyFileError extends Error {}

/** The data-push interface reads CSV as UTF-8; a file in another encoding would arrive garbled. */
export class NotUtf8Error extends Error {}

/**
 * The preview's bytes as text, refusing what is not UTF-8 (a Windows-1252 or
 * UTF-16 export, say) before anything is pushed. A byte-order mark is dropped;
 * a character cut by the preview's end is not an error.
 */
function utf8Text(bytes: Buffer, complete: boolean): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !complete });
  } catch {
    throw new NotUtf8Error();
  }
}
