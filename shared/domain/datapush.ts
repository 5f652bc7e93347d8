/** Data-ingestion (data push) model, as service-facts.md describes it. */
export const jobStatuses = ['NEW', 'QUEUED', 'RUNNING', 'DONE', 'ERROR', 'CANCELED'] as const;
export type JobStatus = (typeof jobStatuses)[number];
export type JobType = 'REPLACE' | 'DELTA';
export type ColumnType = 'INTEGER' | 'DATE' | 'TIME' | 'DATETIME' | 'FLOAT' | 'BOOLEAN' | 'STRING';
export const columnTypes: readonly ColumnType[] = [
  'INTEGER',
  'DATE',
  'TIME',
  'DATETIME',
  'FLOAT',
  'BOOLEAN',
  'STRING',
];

export interface ColumnTransport {
  columnName: string;
  columnType: ColumnType;
  decimals?: number;
  fieldLength?: number;
  pkField?: boolean;
}

/** A column's own way of writing numbers and dates, overriding the file's (service-api.md §2.12). */
export interface CsvColumnParsingOptions {
  columnName: string;
  dateFormat?: string;
  decimalSeparator?: string;
  thousandsSeparator?: string;
}

export interface CsvParsingOptions {
  additionalColumnOptions?: CsvColumnParsingOptions[];
  separatorSequence?: string;
  quoteSequence?: string;
  escapeSequence?: string;
  lineEnding?: string;
  charSet?: string;
  dateFormat?: string;
  decimalSeparator?: string;
  thousandSeparator?: string;
}

export interface DataPushJob {
  id: string;
  targetName: string;
  status: JobStatus;
  type: JobType;
  fileType?: string;
  dataPoolId?: string;
  keys: string[];
  logs: string[];
  tableSchema?: { tableName: string; columns: ColumnTransport[] };
  creationDate?: string;
  changeDate?: string;
}

export interface DataPushChunk {
  id: string;
  pushJobId: string;
  type: 'UPSERT' | 'DELETE';
  checksum?: string;
  fileLength?: number;
  creationDate?: string;
}
