/**
 * The job's CSVParsingOptions from how the file is written and how each
 * column is read: the service then parses the file as it is (its encoding,
 * separator, decimal and thousands separators and date patterns), so Lanes
 * never rewrites a value.
 */
import type {
  ColumnTransport,
  CsvColumnParsingOptions,
  CsvParsingOptions,
} from '../../../shared/domain/datapush.ts';
import type { ReadColumn } from '../../../shared/tables/value-reading.ts';
import type { ChunkDialect } from './csv-chunks.ts';

const NUMBER_TYPES = new Set(['INTEGER', 'FLOAT']);
const DATE_TYPES = new Set(['DATE', 'TIME', 'DATETIME']);

/**
 * The file-wide settings are the ones most columns use; every number and
 * date column also carries its own (additionalColumnOptions), so a file with
 * ISO dates in one column and German dates in another is read right.
 */
export function csvParsingOptions(dialect: ChunkDialect, columns: readonly ReadColumn[]): CsvParsingOptions {
  const numbers = columns.filter((c) => NUMBER_TYPES.has(c.columnType));
  const dates = columns.filter((c) => DATE_TYPES.has(c.columnType) && c.dateFormat);
  const decimal = mostCommon(numbers.map((c) => c.decimalSeparator ?? '.')) ?? '.';
  const thousands = mostCommon(numbers.map((c) => c.thousandsSeparator ?? ''));
  const dateFormat = mostCommon(dates.map((c) => c.dateFormat!));
  const perColumn: CsvColumnParsingOptions[] = [...numbers, ...dates].map((c) => ({
    columnName: c.columnName,
    ...(NUMBER_TYPES.has(c.columnType)
      ? { decimalSeparator: c.decimalSeparator ?? '.', thousandsSeparator: c.thousandsSeparator ?? '' }
      : { dateFormat: c.dateFormat! }),
  }));
  return {
    separatorSequence: dialect.separator,
    quoteSequence: '"',
    escapeSequence: '"',
    lineEnding: '\n',
    charSet: dialect.charSet,
    decimalSeparator: decimal,
    ...(thousands ? { thousandSeparator: thousands } : {}),
    ...(dateFormat ? { dateFormat } : {}),
    ...(perColumn.length > 0 ? { additionalColumnOptions: perColumn } : {}),
  };
}

/** The table's schema: the columns without their readings (which travel in the parsing options). */
export function columnTransports(
  columns: readonly (ReadColumn & { pkField?: boolean | undefined })[],
): ColumnTransport[] {
  return columns.map((c) => ({
    columnName: c.columnName,
    columnType: c.columnType,
    ...(c.columnType === 'STRING' && c.fieldLength ? { fieldLength: c.fieldLength } : {}),
    ...(c.columnType === 'FLOAT' && c.decimals !== undefined ? { decimals: c.decimals } : {}),
    ...(c.pkField ? { pkField: true } : {}),
  }));
}

function mostCommon<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: T | undefined;
  for (const [value, count] of counts) if (best === undefined || count > counts.get(best)!) best = value;
  return best;
}
