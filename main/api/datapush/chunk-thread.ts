/**
 * csvChunks in a thread of its own: one thread reads, scans and chunks the
 * file while the thread that calls it uploads the chunk before. Each chunk's
 * buffer is handed over, not copied (its ArrayBuffer is transferred), and the
 * reader runs at most two chunks ahead, so memory stays at a few chunk
 * bodies whatever the file's size. A bad record or an empty file arrives as
 * the same error csvChunks throws.
 */
import { Worker, type MessagePort } from 'node:worker_threads';
import { csvChunks, CsvShapeError, EmptyCsvError, type ChunkDialect, type CsvChunk } from './csv-chunks.ts';
import type { Chunker } from './push-flow.ts';

/** What the chunking thread is asked to read (sent once it runs: it may be started ahead). */
export interface ChunkTask {
  kind: 'chunk';
  path: string;
  rowsPerChunk: number;
  dialect?: ChunkDialect | undefined;
  envelope?: { head: Uint8Array; tail: Uint8Array } | undefined;
}

type ChunkMessage =
  | {
      type: 'chunk';
      wire: ArrayBuffer;
      wireLength: number;
      bodyStart: number;
      bodyEnd: number;
      meta: Omit<CsvChunk, 'body' | 'wire'>;
    }
  | { type: 'end' }
  | {
      type: 'error';
      kind: 'shape' | 'empty' | 'other';
      message: string;
      shape?: [string, number, number, number];
    };

type ChunkCommand = { type: 'task'; task: ChunkTask } | { type: 'more' } | { type: 'stop' };

/** How many chunks the reader may be ahead of the uploader. */
const AHEAD = 2;

/** The chunking thread's side: wait for the task, run csvChunks and hand each chunk over as it is cut. */
export async function serveChunks(port: MessagePort): Promise<void> {
  let credit = AHEAD;
  let wake: (() => void) | undefined;
  let given: ((task: ChunkTask) => void) | undefined;
  const asked = new Promise<ChunkTask>((resolve) => (given = resolve));
  const controller = new AbortController();
  port.on('message', (command: ChunkCommand) => {
    if (command.type === 'task') given?.(command.task);
    else if (command.type === 'stop') controller.abort();
    else credit++;
    wake?.();
  });
  const task = await asked;
  const envelope = task.envelope
    ? { head: Buffer.from(task.envelope.head), tail: Buffer.from(task.envelope.tail) }
    : undefined;
  try {
    for await (const chunk of csvChunks(task.path, task.rowsPerChunk, controller.signal, {
      dialect: task.dialect,
      envelope,
    })) {
      while (credit === 0 && !controller.signal.aborted)
        await new Promise<void>((resolve) => (wake = resolve));
      if (controller.signal.aborted) return;
      credit--;
      // A fresh buffer per chunk (no ring here): it changes hands instead of being reused.
      const { body, wire, ...meta } = chunk;
      // Its own ArrayBuffer (not a slice of Buffer's shared pool): handed over whole, else copied once.
      const own = wire.byteOffset === 0 && wire.buffer.byteLength > Buffer.poolSize;
      const owned = own ? wire : copyOutOfPool(wire);
      const bodyStart = body.byteOffset - wire.byteOffset;
      port.postMessage(
        {
          type: 'chunk',
          wire: owned.buffer as ArrayBuffer,
          wireLength: owned.byteLength,
          bodyStart,
          bodyEnd: bodyStart + body.byteLength,
          meta,
        } satisfies ChunkMessage,
        [owned.buffer as ArrayBuffer],
      );
    }
    port.postMessage({ type: 'end' } satisfies ChunkMessage);
  } catch (error) {
    const shape = /^Row (\d+) of (.*) has (\d+) fields; the header has (\d+)\.$/.exec(
      (error as Error).message,
    );
    port.postMessage({
      type: 'error',
      kind: error instanceof CsvShapeError ? 'shape' : error instanceof EmptyCsvError ? 'empty' : 'other',
      message: (error as Error).message,
      ...(shape
        ? {
            shape: [shape[2]!, Number(shape[1]), Number(shape[3]), Number(shape[4])] as [
              string,
              number,
              number,
              number,
            ],
          }
        : {}),
    } satisfies ChunkMessage);
  }
}

/** A copy in a buffer of its own (the pool's buffers cannot change hands). */
function copyOutOfPool(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(copy);
  return copy;
}

/**
 * Chunkers whose reading runs in a worker started from `workerUrl` (a script
 * that calls serveChunks when its workerData says `chunk`). `warm()` starts
 * the next one ahead, so it is ready by the time the push has its dialect.
 */
export class ChunkThreads {
  readonly #url: string | URL;
  #warm: Worker | undefined;

  constructor(workerUrl: string | URL) {
    this.#url = workerUrl;
  }

  warm(): void {
    this.#warm ??= this.#start();
  }

  #start(): Worker {
    const worker = new Worker(this.#url, { workerData: { task: { kind: 'chunk' }, env: {} } });
    // A warm thread nobody used must not keep the process alive.
    worker.unref();
    return worker;
  }

  /** Ends a thread started ahead that no push used. */
  async close(): Promise<void> {
    const worker = this.#warm;
    this.#warm = undefined;
    await worker?.terminate();
  }

  readonly chunker: Chunker = (path, rowsPerChunk, signal, options) => {
    const worker = this.#warm ?? this.#start();
    this.#warm = undefined;
    return chunksFrom(
      worker,
      { kind: 'chunk', path, rowsPerChunk, dialect: options.dialect, envelope: options.envelope },
      signal,
    );
  };
}

async function* chunksFrom(
  worker: Worker,
  task: ChunkTask,
  signal: AbortSignal | undefined,
): AsyncGenerator<CsvChunk> {
  worker.ref();
  const queue: (ChunkMessage | { type: 'crash'; error: Error })[] = [];
  let wake: (() => void) | undefined;
  const push = (message: ChunkMessage | { type: 'crash'; error: Error }): void => {
    queue.push(message);
    wake?.();
  };
  worker.on('message', push);
  worker.on('error', (error) => push({ type: 'crash', error }));
  worker.on('exit', (code) =>
    push({ type: 'crash', error: new Error(`The reading thread stopped (exit code ${code}).`) }),
  );
  const stop = (): void => worker.postMessage({ type: 'stop' } satisfies ChunkCommand);
  signal?.addEventListener('abort', stop, { once: true });
  worker.postMessage({ type: 'task', task } satisfies ChunkCommand);
  try {
    for (;;) {
      signal?.throwIfAborted();
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const message = queue.shift()!;
      if (message.type === 'end') return;
      if (message.type === 'crash') throw message.error;
      if (message.type === 'error') {
        if (message.kind === 'shape' && message.shape) throw new CsvShapeError(...message.shape);
        if (message.kind === 'empty') throw new EmptyCsvError(task.path);
        throw new Error(message.message);
      }
      worker.postMessage({ type: 'more' } satisfies ChunkCommand);
      const wire = Buffer.from(message.wire, 0, message.wireLength);
      yield { ...message.meta, wire, body: wire.subarray(message.bodyStart, message.bodyEnd) };
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    await worker.terminate();
  }
}
