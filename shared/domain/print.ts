/** How a diagram is printed or saved as PDF (the print dialog's options). */
import { z } from 'zod';

export const paperSizes = ['A4', 'A3'] as const;
export type PaperSize = (typeof paperSizes)[number];

export const printRequestSchema = z
  .object({
    pageSize: z.enum(paperSizes),
    landscape: z.boolean(),
  })
  .strict();
export type PrintRequest = z.infer<typeof printRequestSchema>;

/** Paper in millimetres, portrait (ISO 216). */
export const PAPER_MM: Readonly<Record<PaperSize, { width: number; height: number }>> = {
  A4: { width: 210, height: 297 },
  A3: { width: 297, height: 420 },
};

/** The sheet as printed: portrait as listed, landscape turned. */
export function sheetMm(request: PrintRequest): { width: number; height: number } {
  const paper = PAPER_MM[request.pageSize];
  return request.landscape ? { width: paper.height, height: paper.width } : paper;
}
