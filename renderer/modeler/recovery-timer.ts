/**
 * Writes unsaved editor state to the recovery slot every few seconds while
 * the diagram is dirty, and only when it changed since the last write: an
 * idle dirty tab does not rewrite the same XML forever.
 */
export interface RecoveryTimerOptions {
  intervalMs?: number;
  isDirty(): boolean;
  /** Grows with every change (the edit count); equal means nothing new to write. */
  revision(): number;
  write(): Promise<void>;
  /** A write failed: the tab tells the user once; the next tick tries again. */
  onError?(error: unknown): void;
  timers?: {
    setInterval(callback: () => void, ms: number): unknown;
    clearInterval(handle: unknown): void;
  };
}

export const RECOVERY_INTERVAL_MS = 5000;

export class RecoveryTimer {
  readonly #options: RecoveryTimerOptions;
  #handle: unknown = null;
  #written: number | null = null;
  #writing = false;

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
    const { isDirty, revision, write, onError } = this.#options;
    if (this.#writing || !isDirty()) return;
    const current = revision();
    if (current === this.#written) return;
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
