import type { ColumnTransport, ColumnType } from '../../../shared/domain/datapush.ts';

const PATTERNS: [ColumnType, RegExp][] = [
  ['BOOLEAN', /^(true|false)$/i],
  ['INTEGER', /^-?\d{1,15}$/],
  ['FLOAT', /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/],
  ['DATE', /^\d{4}-\d{2}-\d{2}$/],
  ['DATETIME', /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?$/],
  ['TIME', /^\d{2}:\d{2}(:\d{2})?$/],
];

/**
 * Column types from a sample of rows: the narrowest type every non-empty value
 * fits. STRING columns get a field length with headroom over the longest
 * value seen, because the service cuts values at VARCHAR(80) otherwise.
 */
export function inferColumns(header: string[], sample: string[][], keys: string[]): ColumnTransport[] {
  return header.map((name, index) => {
    const values = sample.map((row) => row[index] ?? '').filter((value) => value !== '');
    const type =
      PATTERNS.find(([, pattern]) => values.length > 0 && values.every((v) => pattern.test(v)))?.[0] ??
      'STRING';
    const column: ColumnTransport = { columnName: name, columnType: type, pkField: keys.includes(name) };
    if (type === 'STRING') {
      const longest = Math.max(0, ...values.map((v) => v.length));
      column.fieldLength = Math.max(80, Math.ceil((longest * 2) / 40) * 40);
    }
    if (type === 'FLOAT') column.decimals = Math.max(2, ...values.map((v) => (v.split('.')[1] ?? '').length));
    return column;
  });
}

/** `--columns "id:INTEGER,name:STRING(120),amount:FLOAT"` */
export function parseColumnSpec(spec: string, keys: string[]): ColumnTransport[] {
  return spec.split(',').map((part) => {
    const match = /^\s*([^:]+):(INTEGER|DATE|TIME|DATETIME|FLOAT|BOOLEAN|STRING)(?:\((\d+)\))?\s*$/i.exec(
      part,
    );
    if (!match) throw new Error(`"${part.trim()}" is not NAME:TYPE or NAME:STRING(LENGTH).`);
    const [, name, type, length] = match;
    return {
      columnName: name!.trim(),
      columnType: type!.toUpperCase() as ColumnType,
      pkField: keys.includes(name!.trim()),
      ...(length ? { fieldLength: Number(length) } : {}),
    };
  });
}
