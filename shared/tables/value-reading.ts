/**
 * How the data-push service reads one CSV value into a typed column, given
 * the column's reading (decimal and thousands separators, date pattern: the
 * `CSVParsingOptions` Lanes sends with the push). The preview reads every
 * cell with this, so it shows what the pool will hold, and flags the cells
 * the service would refuse before anything is sent.
 */
import { isoDate, isoTime, parseDate } from './date-patterns.ts';
import type { ColumnType } from '../domain/datapush.ts';

export const decimalSeparators = ['.', ','] as const;
export type DecimalSeparator = (typeof decimalSeparators)[number];
/** '' is "none"; the narrow no-break space is what French and Swiss exports group with. */
export const thousandsSeparators = ['', ',', '.', ' ', '\u00a0', '\u202f', "'"] as const;
export type ThousandsSeparator = (typeof thousandsSeparators)[number];

/** A column as it is pushed: its type and how its values are written in the file. */
export interface ReadColumn {
  columnName: string;
  columnType: ColumnType;
  fieldLength?: number | undefined;
  decimals?: number | undefined;
  decimalSeparator?: DecimalSeparator | undefined;
  thousandsSeparator?: ThousandsSeparator | undefined;
  dateFormat?: string | undefined;
}

type CellValue = string | number | boolean | null;

type ReadProblem = 'notInteger' | 'notNumber' | 'notBoolean' | 'notDate';

type ReadCell =
  { ok: true; value: CellValue; shown: string; cut?: boolean } | { ok: false; problem: ReadProblem };

/** The service's length for text columns without one (service-facts.md: VARCHAR(80)). */
export const DEFAULT_FIELD_LENGTH = 80;

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const numberGrammar = new Map<string, RegExp>();

/**
 * The number in `raw` with the column's separators: sign, digits (the
 * thousands separator allowed between digits), decimals, exponent. Null when
 * it is not one.
 */
export function readNumber(
  raw: string,
  decimal: DecimalSeparator = '.',
  thousands: ThousandsSeparator = '',
): number | null {
  const key = `${decimal}|${thousands}`;
  let grammar = numberGrammar.get(key);
  if (!grammar) {
    const group = thousands ? `(?:${escapeRegex(thousands)}\\d+)*` : '';
    grammar = new RegExp(`^[+-]?\\d+${group}(?:${escapeRegex(decimal)}\\d+)?(?:[eE][+-]?\\d+)?$`);
    numberGrammar.set(key, grammar);
  }
  const text = raw.trim();
  if (!grammar.test(text)) return null;
  const plain = (thousands ? text.split(thousands).join('') : text).replace(decimal, '.');
  const n = Number(plain);
  return Number.isFinite(n) ? n : null;
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n']);

/** The ISO forms the service reads when a column has no date pattern. */
const ISO_PATTERNS: Record<'DATE' | 'TIME' | 'DATETIME', string[]> = {
  DATE: ['yyyy-MM-dd'],
  TIME: ['HH:mm:ss', 'HH:mm'],
  DATETIME: ["yyyy-MM-dd'T'HH:mm:ss", 'yyyy-MM-dd HH:mm:ss', "yyyy-MM-dd'T'HH:mm", 'yyyy-MM-dd HH:mm'],
};

/** One value of a column as the pool will hold it; an empty value is NULL. */
export function readCell(raw: string, column: ReadColumn): ReadCell {
  if (raw === '') return { ok: true, value: null, shown: '' };
  switch (column.columnType) {
    case 'INTEGER': {
      const n = readNumber(raw, column.decimalSeparator, column.thousandsSeparator);
      if (n === null || !Number.isSafeInteger(n)) return { ok: false, problem: 'notInteger' };
      return { ok: true, value: n, shown: String(n) };
    }
    case 'FLOAT': {
      const n = readNumber(raw, column.decimalSeparator, column.thousandsSeparator);
      if (n === null) return { ok: false, problem: 'notNumber' };
      const value = column.decimals !== undefined ? Number(n.toFixed(column.decimals)) : n;
      return { ok: true, value, shown: String(value) };
    }
    case 'BOOLEAN': {
      const word = raw.trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return { ok: true, value: true, shown: 'true' };
      if (FALSE_WORDS.has(word)) return { ok: true, value: false, shown: 'false' };
      return { ok: false, problem: 'notBoolean' };
    }
    case 'DATE':
    case 'TIME':
    case 'DATETIME': {
      const patterns = column.dateFormat ? [column.dateFormat] : ISO_PATTERNS[column.columnType];
      const text = raw.trim();
      const parts = patterns.map((pattern) => parseDate(text, pattern)).find((p) => p !== null);
      if (!parts) return { ok: false, problem: 'notDate' };
      const value =
        column.columnType === 'DATE'
          ? isoDate(parts)
          : column.columnType === 'TIME'
            ? isoTime(parts)
            : `${isoDate(parts)}T${isoTime(parts)}`;
      return { ok: true, value, shown: value.replace('T', ' ') };
    }
    case 'STRING': {
      const length = column.fieldLength ?? DEFAULT_FIELD_LENGTH;
      const chars = Array.from(raw);
      if (chars.length <= length) return { ok: true, value: raw, shown: raw };
      const cut = chars.slice(0, length).join('');
      return { ok: true, value: cut, shown: cut, cut: true };
    }
  }
}
