import type { ColumnTransport, ColumnType } from '../../../shared/domain/datapush.ts';

/* Types are inferred from the data in shared/tables/column-inference.ts; `lanes push --columns` names them here. */

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
