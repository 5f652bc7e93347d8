/** Chunk parsing: CSV per the job's csvParsingOptions, values typed per its tableSchema. */
import { parse } from 'csv-parse/sync';

export interface ColumnTransport {
  columnName: string;
  columnType: 'INTEGER' | 'DATE' | 'TIME' | 'DATETIME' | 'FLOAT' | 'BOOLEAN' | 'STRING';
  decimals?: number;
  fieldLength?: number;
  pkField?: boolean;
}

interface CsvColumnOptions {
  columnName: string;
  dateFormat?: string;
  decimalSeparator?: string;
  thousandsSeparator?: string;
}

export interface CsvParsingOptions {
  additionalColumnOptions?: CsvColumnOptions[];
  charSet?: string;
  dateFormat?: string;
  decimalSeparator?: string;
  escapeSequence?: string;
  lineEnding?: string;
  quoteSequence?: string;
  separatorSequence?: string;
  thousandSeparator?: string;
}

export type Row = Record<string, string | number | boolean | null>;

interface ParsedChunk {
  columns: string[];
  rows: Row[];
  errors: string[];
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface DateFields {
  y: number;
  M: number;
  d: number;
  H: number;
  m: number;
  s: number;
}

/**
 * Java-style date patterns, read strictly as java.time does: a doubled letter
 * wants exactly that many digits (`dd` reads `01`, not `1`), a single one one
 * or two; `yy` is 2000–2099; `h` with `a` is a 12-hour clock; 'quoted' text
 * is literal. Without a pattern, ISO 8601.
 */
function parseDate(value: string, pattern: string | undefined): DateFields | null {
  if (!pattern) {
    const iso =
      /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(
        value,
      );
    const time = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
    if (iso)
      return valid({
        y: +iso[1]!,
        M: +iso[2]!,
        d: +iso[3]!,
        H: +(iso[4] ?? 0),
        m: +(iso[5] ?? 0),
        s: +(iso[6] ?? 0),
      });
    if (time) return valid({ y: 1970, M: 1, d: 1, H: +time[1]!, m: +time[2]!, s: +(time[3] ?? 0) });
    return null;
  }
  const widths: Record<string, string> = {
    yyyy: '(\\d{4})',
    yy: '(\\d{2})',
    MM: '(\\d{2})',
    M: '(\\d{1,2})',
    dd: '(\\d{2})',
    d: '(\\d{1,2})',
    HH: '(\\d{2})',
    H: '(\\d{1,2})',
    hh: '(\\d{2})',
    h: '(\\d{1,2})',
    mm: '(\\d{2})',
    ss: '(\\d{2})',
    SSS: '(\\d{3})',
    a: '([AaPp][Mm])',
  };
  const fields: string[] = [];
  let regex = '';
  for (const token of pattern.match(/'[^']*'|yyyy|yy|MM|M|dd|d|HH|H|hh|h|mm|ss|SSS|a|[A-Za-z]|[^A-Za-z']/g) ??
    []) {
    if (token.startsWith("'")) regex += escape(token === "''" ? "'" : token.slice(1, -1));
    else if (widths[token]) {
      fields.push(token);
      regex += widths[token];
    } else if (/^[A-Za-z]$/.test(token))
      throw new Error(`the date format ${pattern} has an unknown letter ${token}`);
    else regex += escape(token);
  }
  const m = new RegExp(`^${regex}$`).exec(value);
  if (!m) return null;
  const out: DateFields = { y: 1970, M: 1, d: 1, H: 0, m: 0, s: 0 };
  let hour12: number | undefined;
  let pm = false;
  fields.forEach((field, i) => {
    const n = Number(m[i + 1]);
    if (field === 'yyyy') out.y = n;
    else if (field === 'yy') out.y = 2000 + n;
    else if (field === 'MM' || field === 'M') out.M = n;
    else if (field === 'dd' || field === 'd') out.d = n;
    else if (field === 'HH' || field === 'H') out.H = n;
    else if (field === 'hh' || field === 'h') hour12 = n;
    else if (field === 'mm') out.m = n;
    else if (field === 'ss') out.s = n;
    else if (field === 'a') pm = /^p/i.test(m[i + 1]!);
  });
  if (hour12 !== undefined) {
    if (hour12 < 1 || hour12 > 12) return null;
    out.H = (hour12 % 12) + (pm ? 12 : 0);
  }
  return valid(out);
}

function valid(f: DateFields): DateFields | null {
  if (f.M < 1 || f.M > 12 || f.d < 1 || f.H > 23 || f.m > 59 || f.s > 59) return null;
  return f.d <= new Date(Date.UTC(f.y, f.M, 0)).getUTCDate() ? f : null;
}

/** A number with the column's separators: the thousands separator only between digits. */
function parseNumber(raw: string, decimal: string, thousands: string): number | null {
  const group = thousands ? `(?:${escape(thousands)}\\d+)*` : '';
  const text = raw.trim();
  if (!new RegExp(`^[+-]?\\d+${group}(?:${escape(decimal)}\\d+)?(?:[eE][+-]?\\d+)?$`).test(text)) return null;
  const n = Number((thousands ? text.split(thousands).join('') : text).replace(decimal, '.'));
  return Number.isFinite(n) ? n : null;
}

function typed(
  raw: string,
  column: ColumnTransport,
  options: CsvParsingOptions,
  fallbackLength: number,
): Row[string] {
  if (raw === '') return null;
  const extra = options.additionalColumnOptions?.find((c) => c.columnName === column.columnName);
  const thousands = extra?.thousandsSeparator ?? options.thousandSeparator ?? '';
  const decimal = extra?.decimalSeparator || options.decimalSeparator || '.';
  switch (column.columnType) {
    case 'INTEGER': {
      const n = parseNumber(raw, decimal, thousands);
      if (n === null || !Number.isSafeInteger(n)) throw new Error(`"${raw}" is not an INTEGER`);
      return n;
    }
    case 'FLOAT': {
      const n = parseNumber(raw, decimal, thousands);
      if (n === null) throw new Error(`"${raw}" is not a FLOAT`);
      return column.decimals !== undefined ? Number(n.toFixed(column.decimals)) : n;
    }
    case 'BOOLEAN': {
      const s = raw.trim().toLowerCase();
      if (['true', '1', 'yes', 'y'].includes(s)) return true;
      if (['false', '0', 'no', 'n'].includes(s)) return false;
      throw new Error(`"${raw}" is not a BOOLEAN`);
    }
    case 'DATE':
    case 'DATETIME':
    case 'TIME': {
      const pattern = extra?.dateFormat || options.dateFormat || undefined;
      const d = parseDate(raw.trim(), pattern);
      if (!d) throw new Error(`"${raw}" does not match the date format ${pattern ?? 'ISO 8601'}`);
      const date = `${pad(d.y, 4)}-${pad(d.M)}-${pad(d.d)}`;
      const time = `${pad(d.H)}:${pad(d.m)}:${pad(d.s)}`;
      return column.columnType === 'DATE' ? date : column.columnType === 'TIME' ? time : `${date}T${time}`;
    }
    default:
      return Array.from(raw)
        .slice(0, column.fieldLength || fallbackLength)
        .join('');
  }
}

/**
 * The chunk's bytes as text in the job's charSet, by Java's names. As in
 * Java, a UTF-8 byte-order mark is not dropped (it would become part of the
 * first column's name); "UTF-16" reads a mark and is big-endian without one.
 */
function decode(data: Buffer, charSet: string | undefined): string {
  const name = (charSet || 'UTF-8').trim().toLowerCase();
  const labels: Record<string, string> = {
    'utf-8': 'utf-8',
    utf8: 'utf-8',
    'utf-16le': 'utf-16le',
    'utf-16be': 'utf-16be',
    'windows-1252': 'windows-1252',
    cp1252: 'windows-1252',
    'iso-8859-1': 'windows-1252',
    'iso-8859-15': 'iso-8859-15',
    'us-ascii': 'windows-1252',
  };
  if (name === 'utf-16') {
    const le = data[0] === 0xff && data[1] === 0xfe;
    const be = data[0] === 0xfe && data[1] === 0xff;
    // The mark is read and dropped (ignoreBOM: false); without one, big-endian.
    return new TextDecoder(le ? 'utf-16le' : 'utf-16be', { fatal: true, ignoreBOM: !(le || be) }).decode(
      data,
    );
  }
  const label = labels[name];
  if (!label) throw new Error(`unsupported charSet ${charSet}`);
  return new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(data);
}

export function parseChunk(
  data: Buffer,
  options: CsvParsingOptions = {},
  schema: ColumnTransport[] | undefined,
  fallbackLength = 80,
): ParsedChunk {
  let text: string;
  try {
    text = decode(data, options.charSet);
  } catch (error) {
    return {
      columns: [],
      rows: [],
      errors: [`Cannot decode chunk as ${options.charSet || 'UTF-8'}: ${(error as Error).message}`],
    };
  }
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: options.separatorSequence || ',',
      quote: options.quoteSequence || '"',
      escape: options.escapeSequence || options.quoteSequence || '"',
      ...(options.lineEnding ? { record_delimiter: options.lineEnding } : {}),
      bom: false,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as string[][];
  } catch (error) {
    return { columns: [], rows: [], errors: [`CSV syntax error: ${(error as Error).message}`] };
  }
  const first = records[0] ?? [];
  const known = new Set((schema ?? []).map((c) => c.columnName.toLowerCase()));
  const hasHeader = !schema || (first.length > 0 && first.every((h) => known.has(h.trim().toLowerCase())));
  const columns = hasHeader
    ? first.map(
        (h) =>
          schema?.find((c) => c.columnName.toLowerCase() === h.trim().toLowerCase())?.columnName ?? h.trim(),
      )
    : (schema ?? []).map((c) => c.columnName);
  const bodyRecords = hasHeader ? records.slice(1) : records;
  const byName = new Map((schema ?? []).map((c) => [c.columnName, c]));
  const rows: Row[] = [];
  const errors: string[] = [];
  bodyRecords.forEach((record, index) => {
    const line = index + (hasHeader ? 2 : 1);
    if (record.length !== columns.length) {
      errors.push(`Line ${line}: expected ${columns.length} values, found ${record.length}.`);
      return;
    }
    const row: Row = {};
    try {
      columns.forEach((name, i) => {
        const column = byName.get(name) ?? { columnName: name, columnType: 'STRING' };
        try {
          row[name] = typed(record[i] ?? '', column, options, fallbackLength);
        } catch (error) {
          throw new Error(`column ${name}: ${(error as Error).message}`, { cause: error });
        }
        if (column.pkField && row[name] === null)
          throw new Error(`column ${name}: primary key value is empty`);
      });
      rows.push(row);
    } catch (error) {
      errors.push(`Line ${line}: ${(error as Error).message}.`);
    }
  });
  return { columns, rows, errors };
}
