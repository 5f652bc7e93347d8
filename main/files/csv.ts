/**
 * Tables as CSV (RFC 4180): fields with a comma, quote or line break are
 * quoted and quotes doubled; lines end in CRLF. The file starts with a UTF-8
 * byte order mark, because Excel otherwise reads UTF-8 as the local code page
 * and breaks umlauts; LibreOffice, pandas and Power BI skip the mark.
 * A field that a spreadsheet would run as a formula (=, +, -, @ first) is
 * prefixed with an apostrophe, so an exported name cannot become a formula.
 */
const BOM = '\uFEFF';
const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** A field quoted as RFC 4180 asks, nothing else: for data read by programs (a data pool), not spreadsheets. */
export function quotedCsvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvField(value: string): string {
  return quotedCsvField(FORMULA_START.test(value) && !/^-?\d/.test(value) ? `'${value}` : value);
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
  return BOM + lines.join('\r\n') + '\r\n';
}
