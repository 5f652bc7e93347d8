/**
 * Resolves after the browser has painted what is in the page now: the task
 * after the next frame. For work that must not hold up a change the user is
 * waiting to see (the preview before an import, the clean tab before a save's
 * transfer to main, the Diagram tab's SVG after its picture).
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
