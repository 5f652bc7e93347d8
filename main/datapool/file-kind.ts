/**
 * What a chosen file is, from its first bytes: a CSV file, an .xlsx workbook
 * (a zip archive; zip-check.ts and workbook.ts say whether it really is one),
 * an old binary .xls, or something that is no table at all (an XML file such
 * as an XLIFF or a BPMN diagram, a web page, JSON, a PDF, an image, any other
 * binary file). Anything but CSV and a workbook would otherwise be read as a
 * one-column CSV of garbage; it is refused with what it seems to be and what
 * to do (`file.notATable`, translated wherever it is shown). The Data pool
 * screen and `lanes push` both start here, so they take the same files.
 */
import { open } from 'node:fs/promises';
import { LanesError } from '../../shared/ipc/errors.ts';

/** What a file that is no table seems to be: the `seems` of `error.file.notATable`. */
type NotATable = 'xliff' | 'bpmn' | 'html' | 'svg' | 'xml' | 'json' | 'pdf' | 'image' | 'other';

/** Enough to see a file's signature and its first element or line. */
const SNIFF_BYTES = 4096;

export async function tableFileKind(path: string, name: string): Promise<'csv' | 'xlsx' | 'xls'> {
  const file = await open(path, 'r');
  let head: Buffer;
  try {
    head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(head, 0, SNIFF_BYTES, 0);
    head = head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
  const kind = kindOf(head);
  if (kind === 'csv' || kind === 'xlsx' || kind === 'xls') return kind;
  throw notATable(name, kind);
}

export function notATable(name: string, seems: NotATable): LanesError {
  return new LanesError({
    code: 'file.notATable',
    message: `${name} looks like ${ENGLISH[seems]}, not a table. Lanes pushes CSV files and Excel workbooks (.xlsx): export the data as CSV or .xlsx and choose that file.`,
    params: { path: name, seems },
  });
}

const ENGLISH: Record<NotATable, string> = {
  xliff: 'an XML file (XLIFF)',
  bpmn: 'a BPMN diagram (XML)',
  html: 'a web page (HTML)',
  svg: 'an SVG image (XML)',
  xml: 'an XML file',
  json: 'a JSON file',
  pdf: 'a PDF document',
  image: 'an image',
  other: 'a binary file',
};

const startsWith = (head: Buffer, ...bytes: number[]): boolean => bytes.every((b, i) => head[i] === b);

/** The file's kind by its signature, then by what its text starts with. */
export function kindOf(head: Buffer): 'csv' | 'xlsx' | 'xls' | NotATable {
  if (startsWith(head, 0x50, 0x4b, 0x03, 0x04)) return 'xlsx';
  if (startsWith(head, 0xd0, 0xcf, 0x11, 0xe0)) return 'xls';
  if (startsWith(head, 0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf'; // %PDF-
  if (
    startsWith(head, 0x89, 0x50, 0x4e, 0x47) || // PNG
    startsWith(head, 0xff, 0xd8, 0xff) || // JPEG
    startsWith(head, 0x47, 0x49, 0x46, 0x38) || // GIF8
    (startsWith(head, 0x52, 0x49, 0x46, 0x46) && head.subarray(8, 12).toString('latin1') === 'WEBP')
  )
    return 'image';
  const text = asText(head);
  if (text === undefined) return 'other';
  return textKind(text);
}

/**
 * The start of the file as text, in the encodings a CSV file may have (a
 * byte-order mark; UTF-16 by its zero bytes; else one byte per character),
 * or undefined when it is no text: control characters a table never has.
 */
function asText(head: Buffer): string | undefined {
  let text: string;
  if (startsWith(head, 0xff, 0xfe)) text = new TextDecoder('utf-16le').decode(head.subarray(2));
  else if (startsWith(head, 0xfe, 0xff)) text = new TextDecoder('utf-16be').decode(head.subarray(2));
  else {
    const zeros = (parity: number): number => head.filter((b, i) => b === 0 && i % 2 === parity).length;
    const half = head.length / 2;
    if (half > 0 && zeros(1) > half * 0.3 && zeros(0) < half * 0.05)
      text = new TextDecoder('utf-16le').decode(head);
    else if (half > 0 && zeros(0) > half * 0.3 && zeros(1) < half * 0.05)
      text = new TextDecoder('utf-16be').decode(head);
    else text = head.toString('latin1');
  }
  // Tab, line ends, form feed and the old end-of-file mark (0x1a) are text; a NUL or a run of other controls is not.
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return undefined;
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c && code !== 0x1a)
      controls++;
  }
  return controls > Math.max(2, text.length / 100) ? undefined : text;
}

/** Markup or JSON by how the text begins (after a UTF-8 mark and white space); everything else may be a CSV file. */
function textKind(text: string): 'csv' | NotATable {
  const start = text.replace(/^\uFEFF|^ï»¿/, '').trimStart();
  if (start.startsWith('<')) {
    // The first element after the declaration, comments and a doctype.
    const body = start.replace(/^(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>|\s+)*/i, '');
    const root = /^<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(body);
    if (/^<!DOCTYPE\s+html/i.test(start) || root?.[2]?.toLowerCase() === 'html') return 'html';
    if (!root && !start.startsWith('<?xml')) return 'csv';
    const name = root?.[2] ?? '';
    if (name === 'xliff') return 'xliff';
    if (name === 'definitions' && /bpmn|omg\.org\/spec\/BPMN/i.test(body.slice(0, 2000))) return 'bpmn';
    if (name === 'svg') return 'svg';
    return 'xml';
  }
  // A JSON object or array: `{"…` or `[` followed by a value.
  if (/^\{\s*("|\})/.test(start) || /^\[\s*(?:[[{"\]\d-]|true\b|false\b|null\b)/.test(start)) return 'json';
  return 'csv';
}
