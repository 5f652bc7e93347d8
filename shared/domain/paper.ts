/**
 * Paper sizes as plain data, without zod, so the renderer's print dialog does
 * not bundle the validation library (print.ts builds its schema from them and
 * re-exports them).
 */
export const paperSizes = ['A4', 'A3'] as const;
export type PaperSize = (typeof paperSizes)[number];

/** Paper in millimetres, portrait (ISO 216). */
export const PAPER_MM: Readonly<Record<PaperSize, { width: number; height: number }>> = {
  A4: { width: 210, height: 297 },
  A3: { width: 297, height: 420 },
};

/** The sheet as printed: portrait as listed, landscape turned. */
export function sheetMm(request: { pageSize: PaperSize; landscape: boolean }): {
  width: number;
  height: number;
} {
  const paper = PAPER_MM[request.pageSize];
  return request.landscape ? { width: paper.height, height: paper.width } : paper;
}
