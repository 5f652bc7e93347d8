/**
 * Writes unsaved editor state to the recovery slot every few seconds while
 * the diagram is dirty, and only when it changed since the last write: an
 * idle dirty tab does not rewrite the same XML forever. Serialising a large
 * diagram holds the page for a few hundred milliseconds, so a tick while the
 * user is working on the canvas (`busy`) waits for a quieter one — at most
 * `MAX_DEFERRED_TICKS` in a row, so recovery is never more than about half a
 * minute behind.
 */
interface RecoveryTimerOptions {
  intervalMs?: number;
  isDirty(): boolean;
  /** Grows with every change (the edit count); equal means nothing new to write. */
  revision(): number;
  write(): Promise<void>;
  /** The user is editing right now (input a moment ago): write on a later tick if it can wait. */
  busy?(): boolean;
  /** A write failed: the tab tells the user once; the next tick tries again. */
  onError?(error: unknown): void;
  timers?: {
    setInterval(callback: () => void, ms: number): unknown;
    clearInterval(handle: unknown): void;
  };
}

const RECOVERY_INTERVAL_MS = 5000;
/** Ticks a busy user may put a write off by: 5 × 5 s. */
export const MAX_DEFERRED_TICKS = 5;

export class RecoveryTimer {
  readonly #options: RecoveryTimerOptions;
  #handle: unknown = null;
  #written: number | null = null;
  #writing = false;
  #deferred = 0;

  constructor(options: RecoveryTimerOptions) {
    this.#options = options;
  }

  start(): void {
    if (this.#handle !== null) return;
    const timers = this.#options.timers ?? globalThis;
    this.#handle = timers.setInterval(
      () => void this.tick(),
      this.#options.intervalMs ?? RECOVERY_INTERVAL_MS,
    );
  }

  stop(): void {
    if (this.#handle === null) return;
    (this.#options.timers ?? globalThis).clearInterval(this.#handle as number);
    this.#handle = null;
  }

  /** The current state is saved (draft or file): nothing to recover until the next change. */
  markCurrent(): void {
    this.#written = this.#options.revision();
  }

  async tick(): Promise<void> {
    const { isDirty, revision, write, onError, busy } = this.#options;
    if (this.#writing || !isDirty()) return;
    const current = revision();
    if (current === this.#written) return;
    if (busy?.() && this.#deferred < MAX_DEFERRED_TICKS) {
      this.#deferred++;
      return;
    }
    this.#deferred = 0;
    this.#writing = true;
    try {
      await write();
      this.#written = current;
    } catch (error) {
      onError?.(error);
    } finally {
      this.#writing = false;
    }
  }
}
