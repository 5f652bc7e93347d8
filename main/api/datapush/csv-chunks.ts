import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

export interface CsvChunk {
  header: string;
  /** Header line plus up to `rowsPerChunk` records, newline-terminated. */
  body: Buffer;
  rows: number;
  /** Index (1-based, header = 1) of the first record in this chunk, for messages. */
  firstLine: number;
  bytesRead: number;
  totalBytes: number;
}

const QUOTE = 0x22;
const NEWLINE = 0x0a;
const CR = 0x0d;

/**
 * Streams a CSV file as chunks of whole records, never holding more than one
 * chunk in memory. Record boundaries respect quoted fields (a newline inside
 * quotes belongs to the field), so a chunk never splits a record.
 */
export async function* csvChunks(
  path: string,
  rowsPerChunk: number,
  signal?: AbortSignal,
): AsyncGenerator<CsvChunk> {
  const totalBytes = (await stat(path)).size;
  let header: Buffer | undefined;
  let records: Buffer[] = [];
  let pending: Buffer[] = [];
  let inQuotes = false;
  let bytesRead = 0;
  let line = 0;
  let firstLine = 2;

  const finishRecord = (record: Buffer): CsvChunk | undefined => {
    line++;
    let end = record.length;
    if (end > 0 && record[end - 1] === CR) end--;
    const trimmed = record.subarray(0, end);
    if (trimmed.length === 0) return undefined;
    if (!header) {
      header =
        trimmed[0] === 0xef && trimmed[1] === 0xbb && trimmed[2] === 0xbf ? trimmed.subarray(3) : trimmed;
      return undefined;
    }
    if (records.length === 0) firstLine = line;
    records.push(trimmed);
    return records.length >= rowsPerChunk ? takeChunk() : undefined;
  };
  const takeChunk = (): CsvChunk => {
    const parts: Buffer[] = [header!, Buffer.from('\n')];
    for (const record of records) parts.push(record, Buffer.from('\n'));
    const chunk = {
      header: header!.toString('utf8'),
      body: Buffer.concat(parts),
      rows: records.length,
      firstLine,
      bytesRead,
      totalBytes,
    };
    records = [];
    return chunk;
  };

  for await (const data of createReadStream(path, {
    highWaterMark: 1 << 20,
    ...(signal ? { signal } : {}),
  })) {
    const buffer = data as Buffer;
    bytesRead += buffer.length;
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const byte = buffer[i];
      if (byte === QUOTE) inQuotes = !inQuotes;
      else if (byte === NEWLINE && !inQuotes) {
        const piece = buffer.subarray(start, i);
        const record = pending.length > 0 ? Buffer.concat([...pending, piece]) : Buffer.from(piece);
        pending = [];
        start = i + 1;
        const chunk = finishRecord(record);
        if (chunk) yield chunk;
      }
    }
    if (start < buffer.length) pending.push(Buffer.from(buffer.subarray(start)));
  }
  if (pending.length > 0) {
    const chunk = finishRecord(Buffer.concat(pending));
    if (chunk) yield chunk;
  }
  if (records.length > 0) yield takeChunk();
  if (!header) throw new EmptyCsvError(path);
}

export class EmptyCsvError extends Error {
  constructor(path: string) {
    super(`${path} has no header line.`);
  }
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
