import { unwatchFile, watchFile, type Stats } from 'node:fs';

/** How often a watched file is looked at: quick enough to warn before the user saves over a change. */
const POLL_MS = 500;

/**
 * Tells when an open file changes on disk by someone else. It polls the
 * path's modification time rather than subscribing to the file itself, so an
 * editor that saves by writing a new file and renaming it over the old one
 * is noticed too. Lanes's own saves are acknowledged first and not reported.
 */
export class FileWatchers {
  readonly #onChange: (path: string, mtimeMs: number | null) => void;
  readonly #known = new Map<string, number | null>();
  readonly #listeners = new Map<string, (current: Stats) => void>();

  constructor(onChange: (path: string, mtimeMs: number | null) => void) {
    this.#onChange = onChange;
  }

  watch(path: string, mtimeMs: number | null): void {
    this.#known.set(path, mtimeMs);
    if (this.#listeners.has(path)) return;
    const listener = (current: Stats): void => {
      // A missing file stats with a zero time.
      const now = current.mtimeMs === 0 && current.nlink === 0 ? null : current.mtimeMs;
      if (this.#known.get(path) === now) return;
      this.#known.set(path, now);
      this.#onChange(path, now);
    };
    this.#listeners.set(path, listener);
    watchFile(path, { interval: POLL_MS, persistent: false }, listener);
  }

  /** Lanes itself wrote the file: this time is not news. */
  acknowledge(path: string, mtimeMs: number): void {
    if (this.#known.has(path)) this.#known.set(path, mtimeMs);
  }

  unwatch(path: string): void {
    const listener = this.#listeners.get(path);
    if (listener) unwatchFile(path, listener);
    this.#listeners.delete(path);
    this.#known.delete(path);
  }

  dispose(): void {
    for (const path of [...this.#listeners.keys()]) this.unwatch(path);
  }
}
