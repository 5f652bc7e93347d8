import { sanitizeSvg, type SanitizedSvg } from './sanitize-svg.ts';

/** How many sanitised renderings are kept, and how many characters of input in all (the big ones matter). */
const MAX_ENTRIES = 16;
const MAX_INPUT_CHARS = 32 * 1024 * 1024;

/**
 * `sanitizeSvg` with a small memory of its last results, keyed by the raw
 * text itself: the Diagram tab and the editor's preview read the same cached
 * rendering again and again, and sanitising a 4,000-shape rendering costs
 * about 200 ms each time. A changed rendering is a different text, so nothing
 * can be served stale; errors are not remembered (they are thrown again).
 */
export class SanitizedSvgMemo {
  readonly #entries = new Map<string, SanitizedSvg>();
  #inputChars = 0;

  sanitize(input: string): SanitizedSvg {
    const known = this.#entries.get(input);
    if (known) {
      // Most recently used last: the first entry is the one to drop.
      this.#entries.delete(input);
      this.#entries.set(input, known);
      return known;
    }
    const result = sanitizeSvg(input);
    this.#entries.set(input, result);
    this.#inputChars += input.length;
    for (const [oldest] of this.#entries) {
      if (this.#entries.size <= MAX_ENTRIES && this.#inputChars <= MAX_INPUT_CHARS) break;
      this.#entries.delete(oldest);
      this.#inputChars -= oldest.length;
    }
    return result;
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** One per main process: the workspace's Diagram tab and the editor's preview share it. */
export const sanitizedSvgs = new SanitizedSvgMemo();
