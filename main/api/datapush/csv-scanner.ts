/**
 * The scanning half of csvChunks: finds record ends (respecting quotes),
 * checks each record's field count, and copies records into chunk bodies.
 * Plain classes and functions, not the generator, so that V8 optimises the
 * per-byte and per-record paths at once.
 */

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

export class CsvShapeError extends Error {
  constructor(path: string, line: number, fields: number, expected: number) {
    super(`Row ${line} of ${path} has ${fields} fields; the header has ${expected}.`);
  }
}

const QUOTE = 0x22;
const NEWLINE = 0x0a;
const CR = 0x0d;
const COMMA = 0x2c;

/** The body of the chunk being gathered: header, then each record and a newline. */
class ChunkBody {
  readonly #ring: (Buffer | undefined)[];
  readonly #rowsPerChunk: number;
  #turn = 0;
  #buffer: Buffer = Buffer.alloc(0);
  #length = 0;
  #records = 0;
  /** The last chunk's size: a new buffer starts there, so it rarely has to grow. */
  #lastLength = 1 << 16;

  constructor(reuse: number, rowsPerChunk: number) {
    this.#ring = Array.from({ length: Math.max(0, reuse) }, () => undefined);
    this.#rowsPerChunk = rowsPerChunk;
  }

  begin(header: Buffer): void {
    const reused = this.#ring.length > 0 ? this.#ring[this.#turn % this.#ring.length] : undefined;
    this.#buffer = reused ?? Buffer.allocUnsafe(this.#lastLength + (this.#lastLength >> 3));
    this.#length = 0;
    this.append(header, 0, header.length);
    this.#records = 0;
  }

  /** One record (without its line end), then a newline. */
  append(source: Buffer, start: number, end: number): void {
    const needed = this.#length + (end - start) + 1;
    if (needed > this.#buffer.length) {
      // To the size the whole chunk will need at this rate, so the first chunk grows once or twice, not
      // by doubling (each step leaves a buffer behind).
      const projected = (this.#length / Math.max(1, this.#records)) * this.#rowsPerChunk * 1.05;
      const grown = Buffer.allocUnsafe(Math.ceil(Math.max(needed, projected, this.#buffer.length * 1.25)));
      this.#buffer.copy(grown, 0, 0, this.#length);
      this.#buffer = grown;
    }
    this.#length += source.copy(this.#buffer, this.#length, start, end);
    this.#buffer[this.#length++] = NEWLINE;
    this.#records++;
  }

  take(): Buffer {
    if (this.#ring.length > 0) this.#ring[this.#turn++ % this.#ring.length] = this.#buffer;
    this.#lastLength = this.#length;
    const body = this.#buffer.subarray(0, this.#length);
    this.#buffer = Buffer.alloc(0);
    this.#length = 0;
    return body;
  }
}

/** Cuts the bytes of one CSV file, read buffer by read buffer, into chunks of whole records. */
export class CsvScanner {
  readonly #path: string;
  readonly #rowsPerChunk: number;
  readonly #totalBytes: number;
  readonly #body: ChunkBody;
  #header: Buffer | undefined;
  #headerText = '';
  #headerFields = 0;
  /** Pieces of a record that began in an earlier read buffer. */
  #pending: Buffer[] = [];
  #inQuotes = false;
  #fields = 1;
  #rows = 0;
  #line = 0;
  #firstLine = 2;
  bytesRead = 0;

  constructor(path: string, rowsPerChunk: number, totalBytes: number, reuseBodies: number) {
    this.#path = path;
    this.#rowsPerChunk = rowsPerChunk;
    this.#totalBytes = totalBytes;
    this.#body = new ChunkBody(reuseBodies, rowsPerChunk);
  }

  get sawHeader(): boolean {
    return this.#header !== undefined;
  }

  /**
   * Scans `buffer` from `from`: the next full chunk and where to go on, or
   * null when the buffer is used up (a record cut at its end is kept). The
   * buffer may be refilled once null was returned.
   */
  feed(buffer: Buffer, from: number): { chunk: CsvChunk; next: number } | null {
    let start = from;
    for (let i = this.#recordEnd(buffer, start); i !== -1; i = this.#recordEnd(buffer, start)) {
      let full: boolean;
      if (this.#pending.length > 0) {
        const joined = Buffer.concat([...this.#pending, buffer.subarray(start, i)]);
        this.#pending = [];
        full = this.#endRecord(joined, 0, joined.length);
      } else {
        full = this.#endRecord(buffer, start, i);
      }
      start = i + 1;
      if (full) return { chunk: this.#takeChunk(), next: start };
    }
    if (start < buffer.length) this.#pending.push(Buffer.from(buffer.subarray(start)));
    return null;
  }

  /** After the last read: the last, partial chunk (with a last record that had no newline), if any. */
  finish(): CsvChunk | undefined {
    if (this.#pending.length > 0) {
      const joined = Buffer.concat(this.#pending);
      this.#pending = [];
      this.#endRecord(joined, 0, joined.length);
    }
    return this.#rows > 0 ? this.#takeChunk() : undefined;
  }

  /** The index of the newline ending the record being scanned (outside quotes), or -1; counts its fields. */
  #recordEnd(buffer: Buffer, from: number): number {
    let inQuotes = this.#inQuotes;
    let fields = this.#fields;
    let end = -1;
    for (let i = from; i < buffer.length; i++) {
      const byte = buffer[i];
      if (byte === QUOTE) inQuotes = !inQuotes;
      else if (inQuotes) continue;
      else if (byte === COMMA) fields++;
      else if (byte === NEWLINE) {
        end = i;
        break;
      }
    }
    this.#inQuotes = inQuotes;
    this.#fields = fields;
    return end;
  }

  /** Takes one record into the chunk; true when the chunk is full. */
  #endRecord(buffer: Buffer, start: number, end: number): boolean {
    this.#line++;
    if (end > start && buffer[end - 1] === CR) end--;
    const recordFields = this.#fields;
    this.#fields = 1;
    if (end === start) return false;
    if (!this.#header) {
      const raw = Buffer.from(buffer.subarray(start, end));
      this.#header = raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf ? raw.subarray(3) : raw;
      this.#headerText = this.#header.toString('utf8');
      this.#headerFields = recordFields;
      return false;
    }
    if (recordFields !== this.#headerFields)
      throw new CsvShapeError(this.#path, this.#line, recordFields, this.#headerFields);
    if (this.#rows === 0) {
      this.#firstLine = this.#line;
      this.#body.begin(this.#header);
    }
    this.#body.append(buffer, start, end);
    return ++this.#rows >= this.#rowsPerChunk;
  }

  #takeChunk(): CsvChunk {
    const chunk: CsvChunk = {
      header: this.#headerText,
      body: this.#body.take(),
      rows: this.#rows,
      firstLine: this.#firstLine,
      bytesRead: this.bytesRead,
      totalBytes: this.#totalBytes,
    };
    this.#rows = 0;
    return chunk;
  }
}
