/**
 * Column types and readings from the data: per column the narrowest type
 * every non-empty value fits, with the decimal and thousands separators and
 * the date pattern the values are written in. Where a value could be read
 * two ways (`1.234`: a thousand two hundred and thirty-four in Germany, one
 * point two three four in the US; `03/04/2026`), the file decides: its other
 * values, then its separator (`;` is what Excel writes where the decimal
 * separator is a comma).
 */
import { compileDatePattern, parseDate } from './date-patterns.ts';
import {
  DEFAULT_FIELD_LENGTH,
  readCell,
  readNumber,
  type DecimalSeparator,
  type ReadColumn,
  type ThousandsSeparator,
} from './value-reading.ts';
import type { ColumnType } from '../domain/datapush.ts';

/** What the whole file says about how its numbers and dates are written. */
export interface ReadingHints {
  decimalSeparator: DecimalSeparator;
  /** `03/04/2026` is the 3rd of April (true) or March 4th (false). */
  dayFirst: boolean;
}

/** Strictly grouped numbers (groups of three): the shapes an export writes. */
const grouped = (group: string, decimal: string): RegExp =>
  new RegExp(`^[+-]?(\\d{1,3}(${group}\\d{3})*|\\d+)(${decimal}\\d+)?$`);
const NUMBER_SHAPES: { decimal: DecimalSeparator; thousands: ThousandsSeparator; shape: RegExp }[] = [
  { decimal: '.', thousands: '', shape: /^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/ },
  { decimal: ',', thousands: '', shape: /^[+-]?\d+(,\d+)?$/ },
  { decimal: '.', thousands: ',', shape: grouped(',', '\\.') },
  { decimal: ',', thousands: '.', shape: grouped('\\.', ',') },
  { decimal: ',', thousands: ' ', shape: grouped(' ', ',') },
  { decimal: ',', thousands: '\u00a0', shape: grouped('\u00a0', ',') },
  { decimal: ',', thousands: '\u202f', shape: grouped('\u202f', ',') },
  { decimal: '.', thousands: "'", shape: grouped("'", '\\.') },
];

const DATE_SHAPE =
  /^(\d{1,4})([./-])(\d{1,2})\2(\d{1,4})(?:( |T)(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.(\d{3}))?(?: ?([AaPp][Mm]))?)?$/;
const TIME_SHAPE = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?: ?([AaPp][Mm]))?$/;

/** The file's leanings, from every value of every column and its separator. */
export function readingHints(rows: readonly (readonly string[])[], separator: string): ReadingHints {
  let comma = 0;
  let point = 0;
  let dayFirst = 0;
  let monthFirst = 0;
  for (const row of rows)
    for (const raw of row) {
      const value = raw.trim();
      // A decimal part that is not three digits long cannot be a thousands group.
      if (/^[+-]?\d*,\d{1,2}$|^[+-]?\d*,\d{4,}$|\.\d{3},\d+$/.test(value)) comma++;
      else if (/^[+-]?\d*\.\d{1,2}$|^[+-]?\d*\.\d{4,}$|,\d{3}\.\d+$/.test(value)) point++;
      const date = DATE_SHAPE.exec(value);
      if (date && date[1]!.length <= 2) {
        if (date[2] === '.' || Number(date[1]) > 12) dayFirst++;
        else if (Number(date[3]) > 12) monthFirst++;
      }
    }
  const decimalSeparator: DecimalSeparator =
    comma > point ? ',' : point > comma ? '.' : separator === ';' ? ',' : '.';
  return {
    decimalSeparator,
    dayFirst: dayFirst > monthFirst || (dayFirst === monthFirst && decimalSeparator === ','),
  };
}

/** Types and readings of every column, from a sample of rows; `keys` become key columns. */
export function inferColumns(
  header: readonly string[],
  sample: readonly (readonly string[])[],
  keys: readonly string[],
  hints: ReadingHints,
): (ReadColumn & { pkField: boolean })[] {
  return header.map((name, index) => {
    const values = sample.map((row) => row[index] ?? '').filter((value) => value.trim() !== '');
    return { ...inferColumn(name, values, hints), pkField: keys.includes(name) };
  });
}

/** One column's type and reading from its non-empty values. */
export function inferColumn(name: string, values: readonly string[], hints: ReadingHints): ReadColumn {
  if (values.length === 0) return text(name, values);
  if (values.every((v) => /^(true|false)$/i.test(v.trim())))
    return { columnName: name, columnType: 'BOOLEAN' };
  return numberColumn(name, values, hints) ?? dateColumn(name, values, hints) ?? text(name, values);
}

/** The reading a column gets when the user gives it another type: from its values where they allow. */
export function readingForType(
  column: ReadColumn,
  type: ColumnType,
  values: readonly string[],
  hints: ReadingHints,
): ReadColumn {
  const base = { columnName: column.columnName, columnType: type };
  const nonEmpty = values.filter((value) => value.trim() !== '');
  if (type === 'STRING') return text(column.columnName, nonEmpty);
  if (type === 'INTEGER' || type === 'FLOAT') {
    const found = numberColumn(column.columnName, nonEmpty, hints);
    const reading = found ?? { decimalSeparator: hints.decimalSeparator, thousandsSeparator: '' as const };
    return {
      ...base,
      decimalSeparator: reading.decimalSeparator,
      thousandsSeparator: reading.thousandsSeparator,
      ...(type === 'FLOAT' ? { decimals: found?.decimals ?? 2 } : {}),
    };
  }
  if (type === 'DATE' || type === 'TIME' || type === 'DATETIME') {
    const found = dateColumn(column.columnName, nonEmpty, hints);
    if (found?.columnType === type) return found;
    return { ...base, dateFormat: defaultPatterns(hints)[type] };
  }
  return base;
}

/** The patterns a column gets when its values say nothing, in the file's leaning. */
function defaultPatterns(hints: ReadingHints): Record<'DATE' | 'TIME' | 'DATETIME', string> {
  if (hints.decimalSeparator === ',')
    return { DATE: 'dd.MM.yyyy', TIME: 'HH:mm:ss', DATETIME: 'dd.MM.yyyy HH:mm:ss' };
  return { DATE: 'yyyy-MM-dd', TIME: 'HH:mm:ss', DATETIME: 'yyyy-MM-dd HH:mm:ss' };
}

function text(name: string, values: readonly string[]): ReadColumn {
  const longest = Math.max(0, ...values.map((v) => Array.from(v).length));
  // Headroom over the longest value seen: the service cuts text at its field length.
  return {
    columnName: name,
    columnType: 'STRING',
    fieldLength: Math.max(DEFAULT_FIELD_LENGTH, Math.ceil((longest * 2) / 40) * 40),
  };
}

function numberColumn(
  name: string,
  values: readonly string[],
  hints: ReadingHints,
): (ReadColumn & { decimalSeparator: DecimalSeparator; thousandsSeparator: ThousandsSeparator }) | null {
  const fitting = NUMBER_SHAPES.filter(({ shape }) =>
    values.every((v) => shape.test(v.trim()) || isPlain(v)),
  );
  if (fitting.length === 0) return null;
  // The file's decimal separator first; then the reading that needs no thousands separator.
  const [best] = [...fitting].sort(
    (a, b) =>
      Number(a.decimal !== hints.decimalSeparator) - Number(b.decimal !== hints.decimalSeparator) ||
      Number(a.thousands !== '') - Number(b.thousands !== ''),
  );
  const decimal = best!.decimal;
  // A thousands separator only where the values use one.
  const thousands = values.some((v) => best!.thousands !== '' && v.includes(best!.thousands))
    ? best!.thousands
    : '';
  const fractions = values.map((v) => {
    const at = v.trim().lastIndexOf(decimal);
    return at < 0 || /[eE]/.test(v) ? 0 : v.trim().length - at - 1;
  });
  const integral =
    values.every((v) => !v.includes(decimal) && !/[eE]/.test(v)) &&
    values.every((v) => Number.isSafeInteger(readNumber(v, decimal, thousands)));
  const reading = { decimalSeparator: decimal, thousandsSeparator: thousands };
  if (integral && values.every((v) => v.replace(/\D/g, '').length <= 15))
    return { columnName: name, columnType: 'INTEGER', ...reading };
  return { columnName: name, columnType: 'FLOAT', decimals: Math.max(2, ...fractions), ...reading };
}

const isPlain = (v: string): boolean => /^[+-]?\d+$/.test(v.trim());

/** A date, time or date-and-time column with the one pattern every value is written in. */
function dateColumn(name: string, values: readonly string[], hints: ReadingHints): ReadColumn | null {
  if (values.length === 0) return null;
  const pattern =
    datePattern(
      values.map((v) => v.trim()),
      hints,
    ) ?? timePattern(values.map((v) => v.trim()));
  if (!pattern) return null;
  const compiled = compileDatePattern(pattern);
  if (!compiled || !values.every((v) => parseDate(v.trim(), pattern) !== null)) return null;
  const columnType: ColumnType = compiled.hasDate ? (compiled.hasTime ? 'DATETIME' : 'DATE') : 'TIME';
  const column: ReadColumn = { columnName: name, columnType, dateFormat: pattern };
  return values.every((v) => readCell(v, column).ok) ? column : null;
}

/** `d` or `dd` (and the like): two letters when every value has two digits. */
const width = (letter: string, texts: readonly string[]): string =>
  texts.every((t) => t.length === 2) ? letter + letter : letter;

function datePattern(values: readonly string[], hints: ReadingHints): string | null {
  const matches = values.map((v) => DATE_SHAPE.exec(v));
  if (matches.some((m) => m === null)) return null;
  const all = matches as RegExpExecArray[];
  const first = all[0]!;
  const same = (index: number): boolean =>
    all.every((m) => (m[index] === undefined) === (first[index] === undefined));
  // Every value written alike: one separator, with or without a time, seconds and AM/PM.
  if (!all.every((m) => m[2] === first[2] && m[5] === first[5]) || ![6, 8, 9, 10].every(same)) return null;
  const col = (index: number): string[] => all.map((m) => m[index]!);
  const sep = first[2]!;
  let date: string;
  if (first[1]!.length === 4) {
    if (!all.every((m) => m[1]!.length === 4)) return null;
    date = ['yyyy', width('M', col(3)), width('d', col(4))].join(sep);
  } else {
    const years = col(4);
    const year = years.every((y) => y.length === 4)
      ? 'yyyy'
      : years.every((y) => y.length === 2)
        ? 'yy'
        : null;
    if (!year) return null;
    const firstOver12 = all.some((m) => Number(m[1]) > 12);
    const secondOver12 = all.some((m) => Number(m[3]) > 12);
    if (firstOver12 && secondOver12) return null;
    const dayFirst = firstOver12 || (!secondOver12 && (sep === '.' || hints.dayFirst));
    date = dayFirst
      ? [width('d', col(1)), width('M', col(3)), year].join(sep)
      : [width('M', col(1)), width('d', col(3)), year].join(sep);
  }
  if (first[5] === undefined) return date;
  return `${date}${first[5] === 'T' ? "'T'" : ' '}${clock(col(6), col(8), first[9] !== undefined, first[10] !== undefined)}`;
}

function timePattern(values: readonly string[]): string | null {
  const matches = values.map((v) => TIME_SHAPE.exec(v));
  if (matches.some((m) => m === null)) return null;
  const all = matches as RegExpExecArray[];
  const seconds = all[0]![3] !== undefined;
  const ampm = all[0]![4] !== undefined;
  if (!all.every((m) => (m[3] !== undefined) === seconds && (m[4] !== undefined) === ampm)) return null;
  return clock(
    all.map((m) => m[1]!),
    all.map((m) => m[3] ?? ''),
    false,
    ampm,
  );
}

function clock(hours: readonly string[], seconds: readonly string[], millis: boolean, ampm: boolean): string {
  const hour = ampm ? width('h', hours) : width('H', hours);
  const hasSeconds = seconds.some((s) => s !== undefined && s !== '');
  return `${hour}:mm${hasSeconds ? ':ss' : ''}${millis ? '.SSS' : ''}${ampm ? ' a' : ''}`;
}
