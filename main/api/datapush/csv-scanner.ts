/**
 * The scanning half of csvChunks: finds record ends (respecting quotes),
 * checks each record's field count, and copies records into chunk bodies.
 * Each byte is looked at once; a record is copied once, into the buffer that
 * goes on the wire (the multipart envelope is written around it in place).
 * Plain classes and functions, not the generator, so that V8 optimises the
 * per-byte and per-record paths at once. Text in UTF-16 is scanned in code
 * units; every other supported encoding (UTF-8, Windows-1252) keeps ASCII
 * bytes for quotes, separators and line ends.
 *
 * A file that never quotes its fields (a database's tab-separated export,
 * where `21" monitor` is a value as it stands) is scanned with `"` as a
 * character like any other; a record holding one is written into the chunk
 * with RFC 4180 quoting (the field in quotes, its quotes doubled), so the
 * service, told that `"` quotes, reads the value the file has.
 */

import { WASM_BASE64 } from './csv-scan-wasm.ts';
import { ChunkBody } from './chunk-body.ts';
import { CsvShapeError, CsvUnclosedQuoteError } from './csv-file-errors.ts';

/**
 * The read buffer's size, which is the scan module's memory (csv-scan.wat:
 * four 64 KB pages). Small enough that a push, which scans in the thread that
 * uploads, gets back to the socket often (the kernel's send buffer starts at
 * 16 KB), and learns the header and first row (and creates its job) after
 * scanning this much: with 1 MB reads the upload stalled for each 5 ms scan
 * (1,000,000 rows: 966 ms against 664 ms median upload, four runs each).
 */
export const READ_BUFFER_BYTES = 1 << 18;

/** csv-scan.wat's exports. */
interface SimdScan {
  memory: WebAssembly.Memory;
  plainRecords(
    from: number,
    end: number,
    left: number,
    expected: number,
    separator: number,
    literal: number,
  ): number;
  rows: WebAssembly.Global;
  crLine: WebAssembly.Global;
}

let compiled: WebAssembly.Module | undefined;

/** An instance of the scan module, with its own memory (one per file being scanned). */
function simdScan(): SimdScan {
  compiled ??= new WebAssembly.Module(Buffer.from(WASM_BASE64, 'base64'));
  const scan = new WebAssembly.Instance(compiled).exports as unknown as SimdScan;
  if (scan.memory.buffer.byteLength !== READ_BUFFER_BYTES)
    throw new Error("csv-scan.wat's memory is not the size of the read buffer.");
  return scan;
}

export interface CsvChunk {
  header: string;
  /** Header line plus up to `rowsPerChunk` records, newline-terminated, in the file's encoding. */
  body: Buffer;
  /** The body inside its multipart envelope, when one was asked for: what goes on the wire. */
  wire: Buffer;
  rows: number;
  /** Line number (header = 1) of the first record in this chunk, for messages. */
  firstLine: number;
  bytesRead: number;
  totalBytes: number;
}

/** How the file's bytes are laid out: one byte per ASCII character, or UTF-16 code units. */
export interface ScanLayout {
  /** The separator's character code (`,` `;` tab `|`). */
  separator: number;
  /** 1, or 2 for UTF-16. */
  unit: 1 | 2;
  littleEndian: boolean;
  /**
   * The file quotes fields (RFC 4180); false: it never does, and a `"` is
   * part of the value (see csv-dialect.ts's quotesFields).
   */
  quotesFields: boolean;
  /** What a chunk's body is wrapped in (the multipart head and tail), written in place. */
  envelope?: { head: Buffer; tail: Buffer } | undefined;
}

const QUOTE = 0x22;
const NEWLINE = 0x0a;
const CR = 0x0d;
const PLAIN = 0;
const IS_QUOTE = 1;
const IS_SEPARATOR = 2;
const IS_NEWLINE = 3;
/** A quote in a file that never quotes: part of the value; its record is quoted on the way. */
const IS_LITERAL_QUOTE = 4;

/** Cuts the bytes of one CSV file, read buffer by read buffer, into chunks of whole records. */
export class CsvScanner {
  readonly #path: string;
  readonly #rowsPerChunk: number;
  readonly #totalBytes: number;
  readonly #body: ChunkBody;
  readonly #layout: ScanLayout;
  readonly #decodeHeader: (bytes: Buffer) => string;
  readonly #simd = simdScan();
  /** Where the file is read into, buffer by buffer: the scan module's memory, which feed() scans. */
  readonly readBuffer = Buffer.from(this.#simd.memory.buffer, 0, READ_BUFFER_BYTES);
  /** What each byte is to the record-by-record scan: plain, quote, separator or line end. */
  readonly #table = new Uint8Array(256);
  #header: Buffer | undefined;
  #headerText = '';
  #headerFields = 0;
  /** Pieces of a record that began in an earlier read buffer. */
  #pending: Buffer[] = [];
  #inQuotes = false;
  /** The record being scanned holds a literal quote (a file that never quotes). */
  #literalQuote = false;
  #fields = 1;
  /** Records of the read buffer taken but not yet copied: they are copied as one run. */
  #run: { source: Buffer; start: number; end: number; records: number } | undefined;
  #rows = 0;
  /** A record ended in CR: the file's lines end in CRLF, which only the record-by-record path rewrites. */
  #crLines = false;
  #line = 0;
  #firstLine = 2;
  bytesRead = 0;
  /**
   * Told the header once, when the first row has been taken (checked against
   * it), while the first chunk is still being gathered: the push creates its
   * job then instead of after the whole first chunk.
   */
  onFirstRow: ((header: string) => void) | undefined;

  constructor(
    path: string,
    rowsPerChunk: number,
    totalBytes: number,
    reuseBodies: number,
    layout: ScanLayout,
    decodeHeader: (bytes: Buffer) => string,
  ) {
    this.#path = path;
    this.#rowsPerChunk = rowsPerChunk;
    this.#totalBytes = totalBytes;
    this.#layout = layout;
    this.#decodeHeader = decodeHeader;
    this.#body = new ChunkBody(reuseBodies, rowsPerChunk, layout);
    this.#table[QUOTE] = layout.quotesFields ? IS_QUOTE : IS_LITERAL_QUOTE;
    this.#table[NEWLINE] = IS_NEWLINE;
    if (layout.separator < 0x80) this.#table[layout.separator] = IS_SEPARATOR;
  }

  get sawHeader(): boolean {
    return this.#header !== undefined;
  }

  /** Rows of the chunk being gathered. */
  get rowsGathered(): number {
    return this.#rows;
  }

  /**
   * The chunk being gathered, cut now with the rows it has (call it between
   * feeds, with rowsGathered > 0); a record cut by the buffer's end goes on
   * into the next chunk.
   */
  cut(): CsvChunk {
    return this.#takeChunk();
  }

  /**
   * Scans `buffer` (`readBuffer`, or its start when a read filled only that)
   * from `from`: the next full chunk and where to go on, or null when the
   * buffer is used up (a record cut at its end is kept). The buffer may be
   * refilled once null was returned.
   */
  feed(buffer: Buffer, from: number): { chunk: CsvChunk; next: number } | null {
    if (buffer.buffer !== this.readBuffer.buffer || buffer.byteOffset !== 0)
      throw new Error('CsvScanner.feed scans its own readBuffer.');
    const unit = this.#layout.unit;
    let start = from;
    for (;;) {
      if (unit === 1 && !this.#crLines) start = this.#plainRecords8(buffer, start);
      const i = this.#recordEnd(buffer, start);
      if (i === -1) break;
      let full: boolean;
      if (this.#pending.length > 0) {
        const joined = Buffer.concat([...this.#pending, buffer.subarray(start, i)]);
        this.#pending = [];
        full = this.#endRecord(joined, 0, joined.length);
      } else {
        full = this.#endRecord(buffer, start, i);
      }
      start = i + unit;
      if (full) return { chunk: this.#takeChunk(), next: start };
    }
    // The read buffer is filled again next: what it holds is copied now.
    this.#flushRun();
    if (start < buffer.length) this.#pending.push(Buffer.from(buffer.subarray(start)));
    return null;
  }

  #flushRun(): void {
    const run = this.#run;
    if (!run) return;
    this.#run = undefined;
    this.#body.appendRun(run.source, run.start, run.end, run.records);
  }

  /** After the last read: the last, partial chunk (with a last record that had no newline), if any. */
  finish(): CsvChunk | undefined {
    if (this.#inQuotes) throw new CsvUnclosedQuoteError(this.#path, this.#line + 1);
    if (this.#pending.length > 0) {
      const joined = Buffer.concat(this.#pending);
      this.#pending = [];
      this.#endRecord(joined, 0, joined.length - (joined.length % this.#layout.unit));
    }
    return this.#rows > 0 ? this.#takeChunk() : undefined;
  }

  /**
   * The common case, sixteen bytes at a time (csv-scan.wat): whole records,
   * each ending in a bare newline with as many fields as the header, taken as
   * one run. It leaves everything else to the record-by-record path, starting
   * at the record it stopped before: the chunk's first and last record, a
   * record cut by the buffer's end, an empty line, a wrong number of fields
   * and a record ending in CR (after which the file is taken to have CRLF
   * line ends and this is not tried again). `buffer` is the read buffer, in
   * the module's memory from address 0.
   */
  #plainRecords8(buffer: Buffer, from: number): number {
    if (this.#pending.length > 0 || this.#rows === 0 || this.#inQuotes || this.#fields !== 1) return from;
    const simd = this.#simd;
    const start = simd.plainRecords(
      from,
      buffer.length,
      this.#rowsPerChunk - 1 - this.#rows,
      this.#headerFields,
      this.#layout.separator,
      this.#layout.quotesFields ? 0 : 1,
    );
    if (simd.crLine.value === 1) this.#crLines = true;
    const records = simd.rows.value;
    if (records === 0) return from;
    this.#line += records;
    this.#rows += records;
    const run = this.#run;
    if (run && run.source === buffer && run.end === from) {
      run.end = start;
      run.records += records;
    } else {
      this.#flushRun();
      this.#run = { source: buffer, start: from, end: start, records };
    }
    return start;
  }

  /** The index of the newline ending the record being scanned (outside quotes), or -1; counts its fields. */
  #recordEnd(buffer: Buffer, from: number): number {
    return this.#layout.unit === 1 ? this.#recordEnd8(buffer, from) : this.#recordEnd16(buffer, from);
  }

  /**
   * One comparison per ordinary byte (a table lookup); a quoted stretch is
   * skipped in a loop of its own. A doubled quote ("") closes and reopens
   * the stretch, which is what RFC 4180 means by it.
   */
  #recordEnd8(buffer: Buffer, from: number): number {
    const table = this.#table;
    const length = buffer.length;
    let fields = this.#fields;
    let i = from;
    if (this.#inQuotes) {
      while (i < length && buffer[i] !== QUOTE) i++;
      if (i === length) return -1;
      this.#inQuotes = false;
      i++;
    }
    for (; i < length; i++) {
      const kind = table[buffer[i]!];
      if (kind === PLAIN) continue;
      if (kind === IS_QUOTE) {
        i++;
        while (i < length && buffer[i] !== QUOTE) i++;
        if (i === length) {
          this.#inQuotes = true;
          this.#fields = fields;
          return -1;
        }
      } else if (kind === IS_SEPARATOR) fields++;
      else if (kind === IS_LITERAL_QUOTE) this.#literalQuote = true;
      else {
        this.#fields = fields;
        return i;
      }
    }
    this.#fields = fields;
    return -1;
  }

  #recordEnd16(buffer: Buffer, from: number): number {
    const separator = this.#layout.separator;
    const le = this.#layout.littleEndian;
    const quotes = this.#layout.quotesFields;
    let inQuotes = this.#inQuotes;
    let fields = this.#fields;
    let end = -1;
    for (let i = from; i + 1 < buffer.length; i += 2) {
      const code = le ? buffer[i]! | (buffer[i + 1]! << 8) : (buffer[i]! << 8) | buffer[i + 1]!;
      if (code === QUOTE) {
        if (quotes) inQuotes = !inQuotes;
        else this.#literalQuote = true;
      } else if (inQuotes) continue;
      else if (code === separator) fields++;
      else if (code === NEWLINE) {
        end = i;
        break;
      }
    }
    this.#inQuotes = inQuotes;
    this.#fields = fields;
    return end;
  }

  /** True when the record ending at `end` ends in a carriage return. */
  #endsInCr(buffer: Buffer, start: number, end: number): boolean {
    if (this.#layout.unit === 1) return end > start && buffer[end - 1] === CR;
    if (end - start < 2) return false;
    return this.#layout.littleEndian
      ? buffer[end - 2] === CR && buffer[end - 1] === 0
      : buffer[end - 2] === 0 && buffer[end - 1] === CR;
  }

  /** Takes one record into the chunk; true when the chunk is full. */
  #endRecord(buffer: Buffer, start: number, end: number): boolean {
    this.#line++;
    const lineEnd = end;
    const cr = this.#endsInCr(buffer, start, end);
    if (cr) end -= this.#layout.unit;
    const recordFields = this.#fields;
    this.#fields = 1;
    const literalQuote = this.#literalQuote;
    this.#literalQuote = false;
    if (end === start) return false;
    if (!this.#header) {
      const header = buffer.subarray(start, end);
      this.#headerText = this.#decodeHeader(header);
      this.#header = literalQuote ? quoteRecord(header, 0, header.length, this.#layout) : Buffer.from(header);
      this.#headerFields = recordFields;
      return false;
    }
    if (recordFields !== this.#headerFields)
      throw new CsvShapeError(this.#path, this.#line, recordFields, this.#headerFields);
    if (this.#rows === 0) {
      this.#firstLine = this.#line;
      this.#body.begin(this.#header);
      const onFirstRow = this.onFirstRow;
      this.onFirstRow = undefined;
      onFirstRow?.(this.#headerText);
    }
    const unit = this.#layout.unit;
    const run = this.#run;
    if (literalQuote) {
      this.#flushRun();
      const quoted = quoteRecord(buffer, start, end, this.#layout);
      this.#body.append(quoted, 0, quoted.length);
    } else if (!cr && lineEnd + unit <= buffer.length) {
      // As it is in the file (its own line end after it): one more record of the run.
      if (run && run.source === buffer && run.end === start) {
        run.end = lineEnd + unit;
        run.records++;
      } else {
        this.#flushRun();
        this.#run = { source: buffer, start, end: lineEnd + unit, records: 1 };
      }
    } else {
      this.#flushRun();
      this.#body.append(buffer, start, end);
    }
    return ++this.#rows >= this.#rowsPerChunk;
  }

  #takeChunk(): CsvChunk {
    this.#flushRun();
    const { body, wire } = this.#body.take();
    const chunk: CsvChunk = {
      header: this.#headerText,
      body,
      wire,
      rows: this.#rows,
      firstLine: this.#firstLine,
      bytesRead: this.bytesRead,
      totalBytes: this.#totalBytes,
    };
    this.#rows = 0;
    return chunk;
  }
}

/**
 * A record of a file that never quotes, written with RFC 4180 quoting: each
 * field with a `"` in it is put in quotes and its quotes doubled (`21" monitor`
 * → `"21"" monitor"`); the other fields stay as they are. In the file's
 * encoding (one byte, or UTF-16 code units).
 */
function quoteRecord(source: Buffer, start: number, end: number, layout: ScanLayout): Buffer {
  const unit = layout.unit;
  const codeAt = (i: number): number =>
    unit === 1
      ? source[i]!
      : layout.littleEndian
        ? source[i]! | (source[i + 1]! << 8)
        : (source[i]! << 8) | source[i + 1]!;
  const quote =
    unit === 1 ? Buffer.from([QUOTE]) : Buffer.from(layout.littleEndian ? [QUOTE, 0] : [0, QUOTE]);
  const parts: Buffer[] = [];
  let fieldStart = start;
  for (let i = start; i <= end; i += unit) {
    if (i < end && codeAt(i) !== layout.separator) continue;
    const field = source.subarray(fieldStart, i);
    let hasQuote = false;
    for (let j = 0; j < field.length && !hasQuote; j += unit) hasQuote = codeAt(fieldStart + j) === QUOTE;
    if (hasQuote) {
      parts.push(quote);
      let run = fieldStart;
      for (let j = fieldStart; j < i; j += unit) {
        if (codeAt(j) !== QUOTE) continue;
        // Up to and with this quote, then the quote again: doubled.
        parts.push(source.subarray(run, j + unit), quote);
        run = j + unit;
      }
      parts.push(source.subarray(run, i), quote);
    } else parts.push(field);
    if (i < end) parts.push(source.subarray(i, i + unit));
    fieldStart = i + unit;
  }
  return Buffer.concat(parts);
}
