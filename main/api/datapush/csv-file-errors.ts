/**
 * What is wrong with a CSV file itself, found by Lanes while reading it
 * (before or during a push): the user fixes the file, and nothing of it was
 * executed on the service. One base class, so that whoever reports a push's
 * end (the app's push run, the CLI) tells these from the service's and the
 * network's errors in one test, and says what to do from `fix` instead of
 * keeping its own list of them.
 */
export abstract class CsvFileError extends Error {
  /** What the user does next (CLI wording; the app's screens translate by their own problem codes). */
  abstract readonly fix: string;
}

const FIX_THE_FILE = 'Fix the file and push again; nothing was executed.';
const GIVE_ROWS = 'Give a CSV file with a header line and rows.';

/** No header line: the file is empty, or its first line has no column names. */
export class EmptyCsvError extends CsvFileError {
  readonly fix = GIVE_ROWS;
  constructor(path: string) {
    super(`${path} is empty: it has no header line.`);
  }
}

/** A header that the service could not match its columns by: empty or repeated names. */
export class HeaderError extends CsvFileError {
  readonly fix = 'Give every column a name of its own and push again.';
  readonly column: number;
  readonly columnName: string;
  readonly kind: 'empty' | 'repeated';
  constructor(path: string, kind: 'empty' | 'repeated', column: number, name: string) {
    super(
      kind === 'empty'
        ? `Column ${column} has no name in the header row of ${path}.`
        : `The column name "${name}" appears twice in the header row of ${path} (column ${column}).`,
    );
    this.kind = kind;
    this.column = column;
    this.columnName = name;
  }
}

/** A row with more or fewer fields than the header. */
export class CsvShapeError extends CsvFileError {
  readonly fix = FIX_THE_FILE;
  /** The row, counted as the file's lines are (the header is line 1). */
  readonly line: number;
  readonly fields: number;
  readonly expected: number;
  constructor(path: string, line: number, fields: number, expected: number) {
    super(`Row ${line} of ${path} has ${fields} fields; the header has ${expected}.`);
    this.line = line;
    this.fields = fields;
    this.expected = expected;
  }
}

/** The file ends inside a quoted field: the record it belongs to, and everything after, would be one value. */
export class CsvUnclosedQuoteError extends CsvFileError {
  readonly fix = FIX_THE_FILE;
  constructor(path: string, line: number) {
    super(`Row ${line} of ${path} opens a quoted field that is never closed (a " is missing).`);
  }
}

/** The file does not fit the push: no rows, a key or column not in its header, a deletions file written differently. */
export class PushInputError extends CsvFileError {
  readonly fix = FIX_THE_FILE;
}
