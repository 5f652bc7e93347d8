/**
 * Tab titles that can be told apart: a tab shows about twenty characters, so
 * "Human resources: Record contract" and "Human resources: Review leave"
 * would both read "Human resources: R…". When a title shares a longer start
 * with another open tab, it is split where they part: the shared start (the
 * head) gives way first, down to a few letters and an ellipsis, and the end
 * that tells them apart (the tail) stays in sight: "Human…Record contract".
 * No DOM: the tab strip draws the two parts, CSS shrinks the head first.
 */

/** Titles sharing fewer characters than this differ within what a narrow tab shows anyway. */
const ALIKE_FROM = 8;
/** Characters that end a word: a title is split at a word start when it can be. */
const WORD_END = /[\s:/\-–—_.,;(]/;

export interface TabTitle {
  /** The start shared with another tab (all of the title when none is): shortened first. */
  head: string;
  /** The end that tells the tab apart, kept in sight; empty when the title is not split. */
  tail: string;
}

function sharedStart(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

export function tabTitles(titles: readonly string[]): TabTitle[] {
  return titles.map((title) => {
    let shared = 0;
    // The same title twice (one process in two cultures) cannot be told apart by its text: the tooltip can.
    for (const other of titles) if (other !== title) shared = Math.max(shared, sharedStart(title, other));
    if (shared < ALIKE_FROM || shared >= title.length) return { head: title, tail: '' };
    let split = shared;
    while (split > 0 && !WORD_END.test(title[split - 1]!)) split--;
    // One long word shared ("Reconciliation…"): split inside it, where the titles part.
    if (split < ALIKE_FROM / 2) split = shared;
    return { head: title.slice(0, split), tail: title.slice(split) };
  });
}
