/**
 * Turns the bytes of an XML file into text the way XML says to: a byte-order
 * mark first, then the encoding the XML declaration names, else UTF-8.
 * Lanes always writes UTF-8, so the decoded text's declaration is rewritten
 * to say so at once (bpmn-moddle would otherwise warn about the old label,
 * and a save would claim an encoding the bytes no longer have).
 *
 * Every place that reads a .bpmn from disk (the editor's files, the CLI)
 * decodes here, so a file reads the same everywhere.
 */

/** The file names an encoding Lanes cannot decode; `encoding` is the label as written in the file. */
export class UnsupportedEncodingError extends Error {
  readonly encoding: string;
  constructor(encoding: string) {
    super(
      `The file declares the encoding "${encoding}", which Lanes cannot read. ` +
        'Save it as UTF-8 in the program that made it (or in a text editor), then open it again.',
    );
    this.name = 'UnsupportedEncodingError';
    this.encoding = encoding;
  }
}

export interface DecodedXml {
  /** The text, without a byte-order mark, its declaration (if any) saying UTF-8. */
  text: string;
  /** How the bytes were read, as the user would recognise it ("ISO-8859-1", "UTF-16LE", "UTF-8"). */
  readAs: string;
  /**
   * Why the bytes were not plain UTF-8 as the file said, or null when they
   * were: the user is told once that the file will be saved as UTF-8.
   */
  conversion: null | 'declared' | 'byteOrderMark' | 'notUtf8';
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/** UTF-16 announced by a byte-order mark, or recognisable from `<?` without one (XML 1.0, appendix F). */
function utf16Of(bytes: Uint8Array): { label: 'utf-16le' | 'utf-16be'; bom: boolean } | null {
  if (startsWith(bytes, [0xff, 0xfe])) return { label: 'utf-16le', bom: true };
  if (startsWith(bytes, [0xfe, 0xff])) return { label: 'utf-16be', bom: true };
  if (startsWith(bytes, [0x3c, 0x00, 0x3f, 0x00])) return { label: 'utf-16le', bom: false };
  if (startsWith(bytes, [0x00, 0x3c, 0x00, 0x3f])) return { label: 'utf-16be', bom: false };
  return null;
}

const DECLARATION = /^(\s*<\?xml\b[^>]*?\bencoding\s*=\s*)(["'])([^"']*)\2/;

/** The encoding label in the XML declaration, read as ASCII (every encoding we accept here is ASCII-compatible). */
export function declaredEncoding(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  const match = DECLARATION.exec(head.replace(/^\uFEFF/, '').replace(/^ï»¿/, ''));
  return match ? match[3]!.trim() : null;
}

/** The declaration now says UTF-8 (the text is Unicode; Lanes writes it as UTF-8); no BOM in front. */
export function declareUtf8(text: string): string {
  const bare = text.replace(/^\uFEFF/, '');
  return bare.replace(DECLARATION, (_all, before: string, quote: string) => `${before}${quote}UTF-8${quote}`);
}

function decoderFor(label: string): InstanceType<typeof TextDecoder> {
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(label, { fatal: true });
  } catch {
    throw new UnsupportedEncodingError(label);
  }
  // WHATWG maps a few dangerous labels (ISO-2022-KR, HZ, …) to "replacement", which decodes nothing.
  if (decoder.encoding === 'replacement') throw new UnsupportedEncodingError(label);
  return decoder;
}

/** How a label is shown to the user: "iso-8859-1" → "ISO-8859-1", "Windows-1252" → "windows-1252". */
const shown = (label: string): string =>
  /^windows-/i.test(label) ? label.toLowerCase() : label.toUpperCase();

/**
 * Decodes an XML file's bytes. Order, as XML 1.0 appendix F has it: a BOM
 * decides (a declaration that disagrees loses); without one, UTF-16 is
 * recognised from its first bytes; otherwise the declaration's encoding, or
 * UTF-8 by default. Bytes that are not valid in the encoding the file
 * claims as UTF-8 (or claims nothing) are read as windows-1252, the usual
 * real cause, and flagged so the user is told.
 */
export function decodeXml(bytes: Uint8Array): DecodedXml {
  if (startsWith(bytes, UTF8_BOM)) {
    const declared = declaredEncoding(bytes);
    const text = decoderFor('utf-8').decode(bytes.subarray(3));
    const agrees = declared === null || decoderFor('utf-8').encoding === safeEncoding(declared);
    return { text: declareUtf8(text), readAs: 'UTF-8', conversion: agrees ? null : 'byteOrderMark' };
  }
  const utf16 = utf16Of(bytes);
  if (utf16) {
    const text = decoderFor(utf16.label).decode(bytes.subarray(utf16.bom ? 2 : 0));
    return {
      text: declareUtf8(text),
      readAs: shown(utf16.label),
      conversion: utf16.bom ? 'byteOrderMark' : 'declared',
    };
  }
  const declared = declaredEncoding(bytes);
  const decoder = declared ? decoderFor(declared) : decoderFor('utf-8');
  if (decoder.encoding === 'utf-16le' || decoder.encoding === 'utf-16be') {
    // Its own declaration was readable as ASCII, so the bytes are not UTF-16 whatever they say.
    return readUtf8OrFallback(bytes);
  }
  if (decoder.encoding !== 'utf-8') {
    // Every byte means something in the single-byte encodings; fatal only matters for multi-byte ones.
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      throw new UnsupportedEncodingError(declared!);
    }
    return { text: declareUtf8(text), readAs: shown(declared!), conversion: 'declared' };
  }
  return readUtf8OrFallback(bytes);
}

function readUtf8OrFallback(bytes: Uint8Array): DecodedXml {
  try {
    return { text: declareUtf8(decoderFor('utf-8').decode(bytes)), readAs: 'UTF-8', conversion: null };
  } catch {
    const text = new TextDecoder('windows-1252').decode(bytes);
    return { text: declareUtf8(text), readAs: 'windows-1252', conversion: 'notUtf8' };
  }
}

function safeEncoding(label: string): string | null {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}
