import { open, stat } from 'node:fs/promises';
import { CsvScanner, type CsvChunk } from './csv-scanner.ts';

export { CsvShapeError, type CsvChunk } from './csv-scanner.ts';

const READ_BUFFER_BYTES = 1 << 20;

export class EmptyCsvError extends Error {
  constructor(path: string) {
    super(`${path} has no header line.`);
  }
}

export interface CsvChunkOptions {
  signal?: AbortSignal;
  /**
   * Write the chunks' bodies into this many buffers in turn instead of a new
   * one per chunk, so that a long push allocates nothing after its first
   * chunks. A chunk's body is then overwritten when the chunk that many places
   * later is gathered: the consumer must be done with it by then (push-flow
   * keeps one chunk uploading while the next is read: two).
   */
  reuseBodies?: number;
}

/**
 * Streams a CSV file as chunks of whole records. Each record is copied into
 * the chunk's body as soon as it is scanned, so no read buffer outlives its
 * scan: memory is the chunk being gathered (plus, with `reuseBodies`, the
 * ring of earlier bodies) and one read buffer. Record boundaries respect
 * quoted fields, so a chunk never splits a record, and every record is checked
 * to have as many fields as the header while it is scanned.
 */
export async function* csvChunks(
  path: string,
  rowsPerChunk: number,
  signal?: AbortSignal,
  options: CsvChunkOptions = {},
): AsyncGenerator<CsvChunk> {
  const abort = signal ?? options.signal;
  const scanner = new CsvScanner(path, rowsPerChunk, (await stat(path)).size, options.reuseBodies ?? 0);
  // One read buffer, filled again for each read: records are copied out while it is scanned.
  const file = await open(path, 'r');
  const buffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
  try {
    for (;;) {
      abort?.throwIfAborted();
      const { bytesRead } = await file.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      scanner.bytesRead += bytesRead;
      const filled = bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead);
      for (let cut = scanner.feed(filled, 0); cut; cut = scanner.feed(filled, cut.next)) yield cut.chunk;
    }
  } finally {
    await file.close();
  }
  const last = scanner.finish();
  if (last) yield last;
  if (!scanner.sawHeader) throw new EmptyCsvError(path);
}

/**
 * The first `limit` records of a CSV text (quoted line breaks stay inside
 * their record; a trailing CR is dropped). An unterminated last record counts
 * only when the text is whole: when `cut`, it may be a piece of a record.
 */
export function csvRecords(text: string, limit: number, cut: boolean): string[] {
  const records: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length && records.length < limit; i++) {
    const char = text.charCodeAt(i);
    if (char === 0x22) quoted = !quoted;
    else if (char === 0x0a && !quoted) {
      records.push(text.slice(start, i).replace(/\r$/, ''));
      start = i + 1;
    }
  }
  if (start < text.length && records.length < limit && !cut)
    records.push(text.slice(start).replace(/\r$/, ''));
  return records;
}

/** Splits one CSV record into fields (RFC 4180 quoting, doubled quotes as escapes). */
export function splitCsvRecord(record: string, separator = ','): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < record.length; i++) {
    const char = record[i]!;
    if (quoted) {
      if (char === '"' && record[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (record.startsWith(separator, i)) {
      fields.push(field);
      field = '';
      i += separator.length - 1;
    } else field += char;
  }
  fields.push(field);
  return fields;
}
