/**
 * The buffer a chunk is written into as it is scanned: the multipart
 * envelope's head, the header, each record with its newline, the envelope's
 * tail, so the chunk goes on the wire as the one buffer it is. With `reuse`,
 * a ring of that many buffers is written in turn, so a long push allocates
 * nothing after its first chunks.
 */
import type { ScanLayout } from './csv-scanner.ts';

const NEWLINE = 0x0a;

/** The body of the chunk being gathered: envelope head, header, each record and a newline, envelope tail. */
export class ChunkBody {
  readonly #ring: (Buffer | undefined)[];
  readonly #rowsPerChunk: number;
  readonly #newline: Buffer;
  readonly #head: Buffer;
  readonly #tail: Buffer;
  #turn = 0;
  #buffer: Buffer = Buffer.alloc(0);
  #length = 0;
  #records = 0;
  /** The last chunk's size: a new buffer starts there, so it rarely has to grow. */
  #lastLength = 1 << 16;

  constructor(reuse: number, rowsPerChunk: number, layout: ScanLayout) {
    this.#ring = Array.from({ length: Math.max(0, reuse) }, () => undefined);
    this.#rowsPerChunk = rowsPerChunk;
    this.#newline =
      layout.unit === 1
        ? Buffer.from([NEWLINE])
        : Buffer.from(layout.littleEndian ? [NEWLINE, 0] : [0, NEWLINE]);
    this.#head = layout.envelope?.head ?? Buffer.alloc(0);
    this.#tail = layout.envelope?.tail ?? Buffer.alloc(0);
  }

  begin(header: Buffer): void {
    const reused = this.#ring.length > 0 ? this.#ring[this.#turn % this.#ring.length] : undefined;
    this.#buffer = reused ?? Buffer.allocUnsafe(this.#lastLength + (this.#lastLength >> 3));
    this.#length = this.#head.copy(this.#buffer, 0);
    this.append(header, 0, header.length);
    this.#records = 0;
  }

  /** Records copied as they are, line ends included: one copy for a whole run of them. */
  appendRun(source: Buffer, start: number, end: number, records: number): void {
    this.#reserve(end - start);
    this.#length += source.copy(this.#buffer, this.#length, start, end);
    this.#records += records;
  }

  /** One record (without its line end), then a newline. */
  append(source: Buffer, start: number, end: number): void {
    this.#reserve(end - start + this.#newline.length);
    this.#length += source.copy(this.#buffer, this.#length, start, end);
    if (this.#newline.length === 1) this.#buffer[this.#length++] = NEWLINE;
    else this.#length += this.#newline.copy(this.#buffer, this.#length);
    this.#records++;
  }

  #reserve(bytes: number): void {
    const needed = this.#length + bytes + this.#tail.length;
    if (needed > this.#buffer.length) {
      // To the size the whole chunk will need at this rate, so the first chunk grows once or twice, not
      // by doubling (each step leaves a buffer behind).
      const projected = (this.#length / Math.max(1, this.#records)) * this.#rowsPerChunk * 1.05;
      const grown = Buffer.allocUnsafe(Math.ceil(Math.max(needed, projected, this.#buffer.length * 1.25)));
      this.#buffer.copy(grown, 0, 0, this.#length);
      this.#buffer = grown;
    }
  }

  take(): { body: Buffer; wire: Buffer } {
    if (this.#ring.length > 0) this.#ring[this.#turn++ % this.#ring.length] = this.#buffer;
    const bodyEnd = this.#length;
    this.#length += this.#tail.copy(this.#buffer, this.#length);
    this.#lastLength = this.#length;
    const wire = this.#buffer.subarray(0, this.#length);
    const body = this.#buffer.subarray(this.#head.length, bodyEnd);
    this.#buffer = Buffer.alloc(0);
    this.#length = 0;
    return { body, wire };
  }
}
