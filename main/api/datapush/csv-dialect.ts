/**
 * How a CSV file is written, from its first bytes: the encoding (a byte-order
 * mark; UTF-16 by its zero bytes; UTF-8 when the bytes are valid UTF-8, else
 * Windows-1252, which is what Excel writes for "CSV" on Windows in Western
 * Europe and the Americas), then the separator (`,` `;` tab `|`: the one that
 * splits the header and the rows into the same number of fields) and whether
 * the file quotes its fields at all (quotesFields).
 */
import { csvRecords, splitCsvRecord } from './csv-chunks.ts';
import type { CharSet, CsvSeparator } from '../../../shared/domain/table-format.ts';

interface CsvDialect {
  charSet: CharSet;
  /** Bytes of the byte-order mark at the start (0: none). */
  bomBytes: number;
  separator: CsvSeparator;
  quotesFields: boolean;
}

const SEPARATORS: readonly CsvSeparator[] = [',', ';', '\t', '|'];

function detectEncoding(bytes: Uint8Array, complete: boolean): { charSet: CharSet; bomBytes: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { charSet: 'UTF-8', bomBytes: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { charSet: 'UTF-16LE', bomBytes: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { charSet: 'UTF-16BE', bomBytes: 2 };
  // Text in UTF-16 without a mark: ASCII letters leave a zero byte beside each of them.
  const probe = bytes.subarray(0, 4096);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < probe.length; i++) {
    if (probe[i] !== 0) continue;
    if (i % 2 === 0) evenZeros++;
    else oddZeros++;
  }
  const half = probe.length / 2;
  if (half > 0 && oddZeros > half * 0.3 && evenZeros < half * 0.05)
    return { charSet: 'UTF-16LE', bomBytes: 0 };
  if (half > 0 && evenZeros > half * 0.3 && oddZeros < half * 0.05)
    return { charSet: 'UTF-16BE', bomBytes: 0 };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !complete });
    return { charSet: 'UTF-8', bomBytes: 0 };
  } catch {
    return { charSet: 'windows-1252', bomBytes: 0 };
  }
}

/** The bytes as text in the charset (after the mark); a character cut at the end of a sample is dropped. */
function decodeText(bytes: Uint8Array, charSet: CharSet, bomBytes: number, complete: boolean): string {
  const body = bytes.subarray(bomBytes);
  const label = charSet.toLowerCase();
  // UTF-16 is read in whole code units: an odd byte at the end of a sample is the cut.
  const even = label.startsWith('utf-16') && body.length % 2 === 1 ? body.subarray(0, body.length - 1) : body;
  return new TextDecoder(label, { ignoreBOM: true }).decode(even, { stream: !complete });
}

/**
 * Whether a file written with `separator` quotes its fields, from its
 * structure rather than from whether it has a `"` at all: it does when some
 * field starts with a quote and that quoted stretch ends right before a
 * separator or a line end (a doubled quote inside it is one quote), and no
 * quote stands anywhere else. A database's export that never quotes has
 * values like `21" monitor` or `5 x 3/4" pipe`: a quote inside a field that
 * did not start with one, which RFC 4180 quoting never writes. A quote that
 * opens a field and is never closed counts as quoting (a text cut at the
 * sample's end may end inside a quoted field; in a whole file, the push then
 * names the row that opened it).
 */
export function quotesFields(text: string, separator: string): boolean {
  let quotedFields = 0;
  let fieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') {
      if (!fieldStart) return false;
      // A quoted field: to its closing quote (a doubled one is a quote inside it).
      let close = i + 1;
      for (;;) {
        close = text.indexOf('"', close);
        // Never closed: quoting all the same (nothing before broke it), so the push names the row that opened it.
        if (close === -1) return true;
        if (text[close + 1] !== '"') break;
        close += 2;
      }
      const after = text[close + 1];
      if (after !== undefined && after !== separator && after !== '\n' && after !== '\r') return false;
      quotedFields++;
      i = close;
      fieldStart = false;
    } else fieldStart = char === separator || char === '\n' || char === '\r';
  }
  return quotedFields > 0;
}

/**
 * The separator that gives the header and the rows one and the same number of
 * fields (more than one), each tried with its own reading of the quotes.
 */
function detectSeparator(text: string, cut: boolean): { separator: CsvSeparator; quotes: boolean } {
  let best: { separator: CsvSeparator; quotes: boolean; consistent: number; fields: number } | undefined;
  for (const separator of SEPARATORS) {
    const quotes = quotesFields(text, separator);
    const sample = csvRecords(text, 51, cut, quotes)
      .filter((r) => r !== '')
      .slice(0, 50);
    const counts = sample.map((record) => splitCsvRecord(record, separator, quotes).length);
    const fields = counts[0] ?? 1;
    if (fields < 2) continue;
    const consistent = counts.filter((n) => n === fields).length / counts.length;
    if (
      !best ||
      consistent > best.consistent + 0.001 ||
      (Math.abs(consistent - best.consistent) <= 0.001 && fields > best.fields)
    )
      best = { separator, quotes, consistent, fields };
  }
  return best && best.consistent >= 0.8
    ? { separator: best.separator, quotes: best.quotes }
    : { separator: ',', quotes: quotesFields(text, ',') };
}

interface CsvSample {
  dialect: CsvDialect;
  header: string[];
  rows: string[][];
}

/**
 * The first records of a file read with the dialect (detected, or partly
 * given by the user): header and rows split into fields. A record cut off by
 * the sample's end is left out.
 */
export function readCsvSample(
  bytes: Uint8Array,
  complete: boolean,
  given: Partial<Pick<CsvDialect, 'charSet' | 'separator'>> = {},
): CsvSample {
  const detected = detectEncoding(bytes, complete);
  const charSet = given.charSet ?? detected.charSet;
  const bomBytes =
    given.charSet && given.charSet !== detected.charSet ? bomOf(bytes, charSet) : detected.bomBytes;
  const text = decodeText(bytes, charSet, bomBytes, complete);
  const { separator, quotes } = given.separator
    ? { separator: given.separator, quotes: quotesFields(text, given.separator) }
    : detectSeparator(text, !complete);
  const records = csvRecords(text, Number.POSITIVE_INFINITY, !complete, quotes).filter(
    (record) => record !== '',
  );
  const [headerLine, ...rest] = records;
  return {
    dialect: { charSet, bomBytes, separator, quotesFields: quotes },
    header: headerLine === undefined ? [] : splitCsvRecord(headerLine, separator, quotes),
    rows: rest.map((record) => splitCsvRecord(record, separator, quotes)),
  };
}

/** The byte-order mark's length when the file starts with the one of `charSet`. */
export function bomOf(bytes: Uint8Array, charSet: CharSet): number {
  if (charSet === 'UTF-8') return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if (charSet === 'UTF-16LE') return bytes[0] === 0xff && bytes[1] === 0xfe ? 2 : 0;
  if (charSet === 'UTF-16BE') return bytes[0] === 0xfe && bytes[1] === 0xff ? 2 : 0;
  return 0;
}
