/** How a diagram is printed or saved as PDF (the print dialog's options). */
import { z } from 'zod';
import { paperSizes } from './paper.ts';

export { PAPER_MM, paperSizes, sheetMm, type PaperSize } from './paper.ts';

export const printRequestSchema = z
  .object({
    pageSize: z.enum(paperSizes),
    landscape: z.boolean(),
  })
  .strict();
export type PrintRequest = z.infer<typeof printRequestSchema>;
