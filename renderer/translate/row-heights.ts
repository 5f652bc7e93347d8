/**
 * The table's rows as drawn: a row is as tall as its texts (a long name
 * wraps rather than being cut off), so the rows in view and the spacers
 * above and below follow from the heights measured so far, and an
 * estimate for the rows never drawn. No DOM: the page measures, this sums.
 */

export class RowHeights {
  readonly #measured = new Map<string, number>();

  /** The height every row has at least (the CSS row height), used for rows not yet measured. */
  readonly least: number;

  constructor(least: number) {
    this.least = least;
  }

  /** Records a drawn row's height; true when it differs from what was known. */
  set(key: string, height: number): boolean {
    const rounded = Math.max(this.least, Math.round(height));
    if ((this.#measured.get(key) ?? this.least) === rounded) return false;
    this.#measured.set(key, rounded);
    return true;
  }

  /** Each row's top, and the total height last: `offsets[i]` is the top of row i, `offsets[n]` the bottom. */
  offsets(keys: readonly string[]): number[] {
    const offsets = new Array<number>(keys.length + 1);
    offsets[0] = 0;
    for (let i = 0; i < keys.length; i++)
      offsets[i + 1] = offsets[i]! + (this.#measured.get(keys[i]!) ?? this.least);
    return offsets;
  }
}

/** The row at a vertical position (the last whose top is at or above it), by binary search. */
export function rowAt(offsets: readonly number[], y: number): number {
  let low = 0;
  let high = Math.max(0, offsets.length - 2);
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (offsets[middle]! <= y) low = middle;
    else high = middle - 1;
  }
  return low;
}
