/** Chunk parsing: CSV per the job's csvParsingOptions, values typed per its tableSchema. */
import { parse } from 'csv-parse/sync';

export interface ColumnTransport {
  columnName: string;
  columnType: 'INTEGER' | 'DATE' | 'TIME' | 'DATETIME' | 'FLOAT' | 'BOOLEAN' | 'STRING';
  decimals?: number;
  fieldLength?: number;
  pkField?: boolean;
}

export interface CsvColumnOptions {
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

export interface ParsedChunk {
  columns: string[];
  rows: Row[];
  errors: string[];
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Java-style patterns as the service's clients write them: yyyy MM dd HH mm ss SSS and 'quoted' literals. */
function parseDate(value: string, pattern: string | undefined): Date | null {
  if (!pattern) {
    const t = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) || !value.includes('T') ? value : `${value}Z`);
    return Number.isNaN(t) ? null : new Date(t);
  }
  const fields: string[] = [];
  let regex = '';
  const tokens = pattern.match(/'[^']*'|yyyy|MM|dd|HH|mm|ss|SSS|./g) ?? [];
  for (const token of tokens) {
    if (token.startsWith("'")) regex += token.slice(1, -1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (['yyyy', 'MM', 'dd', 'HH', 'mm', 'ss', 'SSS'].includes(token)) {
      fields.push(token);
      regex += token === 'yyyy' ? '(\\d{4})' : token === 'SSS' ? '(\\d{1,3})' : '(\\d{1,2})';
    } else regex += token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  const m = new RegExp(`^${regex}$`).exec(value);
  if (!m) return null;
  const part = (name: string, fallback: number): number => {
    const i = fields.indexOf(name);
    return i >= 0 ? Number(m[i + 1]) : fallback;
  };
  const d = new Date(
    Date.UTC(
      part('yyyy', 1970),
      part('MM', 1) - 1,
      part('dd', 1),
      part('HH', 0),
      part('mm', 0),
      part('ss', 0),
      part('SSS', 0),
    ),
  );
  return Number.isNaN(d.getTime()) ? null : d;
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
  const decimal = extra?.decimalSeparator ?? options.decimalSeparator ?? '.';
  const numeric = (s: string): string =>
    (thousands ? s.split(thousands).join('') : s).replace(decimal, '.').trim();
  switch (column.columnType) {
    case 'INTEGER': {
      const s = numeric(raw);
      if (!/^[+-]?\d+$/.test(s)) throw new Error(`"${raw}" is not an INTEGER`);
      return Number(s);
    }
    case 'FLOAT': {
      const n = Number(numeric(raw));
      if (!Number.isFinite(n) || numeric(raw) === '') throw new Error(`"${raw}" is not a FLOAT`);
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
      const pattern = extra?.dateFormat ?? options.dateFormat;
      const d =
        parseDate(raw.trim(), column.columnType === 'TIME' && !pattern ? undefined : pattern) ??
        (column.columnType === 'TIME' ? parseDate(`1970-01-01T${raw.trim()}`, undefined) : null);
      if (!d) throw new Error(`"${raw}" does not match the date format ${pattern ?? 'ISO 8601'}`);
      const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
      const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
      return column.columnType === 'DATE' ? date : column.columnType === 'TIME' ? time : `${date}T${time}`;
    }
    default:
      return raw.slice(0, column.fieldLength || fallbackLength);
  }
}

export function parseChunk(
  data: Buffer,
  options: CsvParsingOptions = {},
  schema: ColumnTransport[] | undefined,
  fallbackLength = 80,
): ParsedChunk {
  let text: string;
  try {
    text = new TextDecoder(options.charSet || 'utf-8', { fatal: true }).decode(data);
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
      bom: true,
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
