/**
 * The arithmetic of a fixed-row-height virtual list: which rows to put in the
 * DOM for a scroll position, and where to scroll so a row is visible. Kept
 * free of the DOM so it can be tested in Node.
 */

interface RowWindow {
  /** First row index to render. */
  start: number;
  /** One past the last row index to render. */
  end: number;
}

interface Viewport {
  scrollTop: number;
  height: number;
  rowHeight: number;
  total: number;
  /** Extra rows above and below, so fast scrolling does not show blank space. */
  overscan: number;
}

export function rowWindow(v: Viewport): RowWindow {
  if (v.total <= 0 || v.rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, v.scrollTop) / v.rowHeight);
  const visible = Math.ceil(Math.max(0, v.height) / v.rowHeight) + 1;
  const start = Math.max(0, Math.min(first, v.total - 1) - v.overscan);
  const end = Math.min(v.total, first + visible + v.overscan);
  return { start, end: Math.max(start, end) };
}

/** The indices to render: the window, plus the focused row wherever it is (so focus never drops). */
export function renderedIndices(window: RowWindow, focused: number | null): number[] {
  const indices: number[] = [];
  if (focused !== null && focused < window.start) indices.push(focused);
  for (let i = window.start; i < window.end; i++) indices.push(i);
  if (focused !== null && focused >= window.end) indices.push(focused);
  return indices;
}

/** The scrollTop that shows row `index` entirely, moving as little as possible. */
export function scrollToReveal(index: number, scrollTop: number, height: number, rowHeight: number): number {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + height) return Math.max(0, bottom - height);
  return scrollTop;
}

/** How many whole rows fit in the viewport (PageUp/PageDown step). */
export function rowsPerPage(height: number, rowHeight: number): number {
  return Math.max(1, Math.floor(height / rowHeight) - 1);
}
