/**
 * How a table file is read: a CSV file's encoding and separator, or a
 * workbook's sheet and header row. Lanes detects them; the user may correct
 * them in the preview, and the push sends the matching CSVParsingOptions.
 */
import { z } from 'zod';

/** Encodings by the names the data-push service takes in `charSet` (Java's names). */
export const charSets = ['UTF-8', 'windows-1252', 'UTF-16LE', 'UTF-16BE'] as const;
export type CharSet = (typeof charSets)[number];

export const csvSeparators = [',', ';', '\t', '|'] as const;
export type CsvSeparator = (typeof csvSeparators)[number];

const csvFormatSchema = z
  .object({ kind: z.literal('csv'), charSet: z.enum(charSets), separator: z.enum(csvSeparators) })
  .strict();
export type CsvFormat = z.infer<typeof csvFormatSchema>;

const xlsxFormatSchema = z
  .object({
    kind: z.literal('xlsx'),
    sheet: z.string().min(1).max(200),
    /** The row (1 = the sheet's first) that names the columns; the rows below it are the data. */
    headerRow: z.number().int().min(1).max(1_048_576),
  })
  .strict();

export const tableFormatSchema = z.discriminatedUnion('kind', [csvFormatSchema, xlsxFormatSchema]);
export type TableFormat = z.infer<typeof tableFormatSchema>;
