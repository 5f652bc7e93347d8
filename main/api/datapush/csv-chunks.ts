import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

export interface CsvChunk {
  header: string;
  /** Header line plus up to `rowsPerChunk` records, newline-terminated. */
  body: Buffer;
  rows: number;
  /** Line number (header = 1) of the first record in this chunk, for messages. */
  firstLine: number;
  bytesRead: number;
  totalBytes: number;
}

const QUOTE = 0x22;
const NEWLINE = 0x0a;
const CR = 0x0d;
const COMMA = 0x2c;

export class EmptyCsvError extends Error {
  constructor(path: string) {
    super(`${path} has no header line.`);
  }
}

export class CsvShapeError extends Error {
  constructor(path: string, line: number, fields: number, expected: number) {
    super(`Row ${line} of ${path} has ${fields} fields; the header has ${expected}.`);
  }
}

/**
 * Streams a CSV file as chunks of whole records, holding at most one chunk
 * (plus the read buffers it spans) in memory. Record boundaries respect
 * quoted fields, so a chunk never splits a record, and every record is
 * checked to have as many fields as the header while it is scanned. Records
 * are remembered as number ranges into the read buffers, not as objects, so a
 * 100,000-row chunk costs no garbage per row.
 */
export async function* csvChunks(
  path: string,
  rowsPerChunk: number,
  signal?: AbortSignal,
): AsyncGenerator<CsvChunk> {
  const totalBytes = (await stat(path)).size;
  let header: Buffer | undefined;
  let headerFields = 0;
  let buffers: Buffer[] = [];
  let ranges: number[] = [];
  let bodyBytes = 0;
  let current: Buffer | undefined;
  let currentIndex = -1;
  let pending: Buffer[] = [];
  let rows = 0;
  let inQuotes = false;
  let fields = 1;
  let bytesRead = 0;
  let line = 0;
  let firstLine = 2;

  const indexOf = (buffer: Buffer): number => {
    if (buffer === current && currentIndex >= 0) return currentIndex;
    buffers.push(buffer);
    if (buffer === current) currentIndex = buffers.length - 1;
    return buffers.length - 1;
  };
  const endRecord = (buffer: Buffer, start: number, end: number): CsvChunk | undefined => {
    line++;
    if (end > start && buffer[end - 1] === CR) end--;
    const recordFields = fields;
    fields = 1;
    if (end === start) return undefined;
    if (!header) {
      const raw = Buffer.from(buffer.subarray(start, end));
      header = raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf ? raw.subarray(3) : raw;
      headerFields = recordFields;
      return undefined;
    }
    if (recordFields !== headerFields) throw new CsvShapeError(path, line, recordFields, headerFields);
    if (rows === 0) firstLine = line;
    ranges.push(indexOf(buffer), start, end);
    bodyBytes += end - start + 1;
    rows++;
    return rows >= rowsPerChunk ? takeChunk() : undefined;
  };
  const takeChunk = (): CsvChunk => {
    const body = Buffer.allocUnsafe(header!.length + 1 + bodyBytes);
    let offset = header!.copy(body, 0);
    body[offset++] = NEWLINE;
    for (let i = 0; i < ranges.length; i += 3) {
      offset += buffers[ranges[i]!]!.copy(body, offset, ranges[i + 1], ranges[i + 2]);
      body[offset++] = NEWLINE;
    }
    const chunk: CsvChunk = {
      header: header!.toString('utf8'),
      body,
      rows,
      firstLine,
      bytesRead,
      totalBytes,
    };
    buffers = [];
    ranges = [];
    bodyBytes = 0;
    currentIndex = -1;
    rows = 0;
    return chunk;
  };

  for await (const data of createReadStream(path, {
    highWaterMark: 1 << 20,
    ...(signal ? { signal } : {}),
  })) {
    const buffer = data as Buffer;
    current = buffer;
    currentIndex = -1;
    bytesRead += buffer.length;
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const byte = buffer[i];
      if (byte === QUOTE) inQuotes = !inQuotes;
      else if (inQuotes) continue;
      else if (byte === COMMA) fields++;
      else if (byte === NEWLINE) {
        let chunk: CsvChunk | undefined;
        if (pending.length > 0) {
          // A record that began in an earlier read buffer: join its pieces once.
          const joined = Buffer.concat([...pending, buffer.subarray(start, i)]);
          pending = [];
          chunk = endRecord(joined, 0, joined.length);
        } else {
          chunk = endRecord(buffer, start, i);
        }
        start = i + 1;
        if (chunk) yield chunk;
      }
    }
    if (start < buffer.length) pending.push(Buffer.from(buffer.subarray(start)));
  }
  if (pending.length > 0) {
    const joined = Buffer.concat(pending);
    const chunk = endRecord(joined, 0, joined.length);
    if (chunk) yield chunk;
  }
  if (rows > 0) yield takeChunk();
  if (!header) throw new EmptyCsvError(path);
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
