/**
 * Just enough PDF reading to check what Chromium printed: the page sizes
 * (MediaBox) and the text, decoded through the fonts' ToUnicode maps. Skia
 * writes glyph ids as 2-byte hex strings in Tj/TJ; each content stream's
 * strings are decoded with each font map, and a text counts as present when
 * one decoding holds it. Flate streams only (what Chromium writes).
 */
import { inflateSync } from 'node:zlib';

export interface PdfPage {
  /** Points (1/72 in). */
  width: number;
  height: number;
}

export interface ReadPdf {
  pages: PdfPage[];
  /** Every content stream's text, once per font map (whitespace removed). */
  texts: string[];
  hasText(text: string): boolean;
}

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objects(bytes: Buffer): PdfObject[] {
  const text = bytes.toString('latin1');
  const found: PdfObject[] = [];
  const header = /\d+ 0 obj\b/g;
  let match: RegExpExecArray | null;
  while ((match = header.exec(text))) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endobj', start);
    if (end < 0) break;
    const body = text.slice(start, end);
    const streamAt = body.search(/stream\r?\n/);
    if (streamAt < 0) {
      found.push({ dict: body, stream: null });
    } else {
      const dict = body.slice(0, streamAt);
      const dataStart = start + streamAt + body.slice(streamAt).match(/stream\r?\n/)![0].length;
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? -1);
      const dataEnd = length >= 0 ? dataStart + length : text.indexOf('endstream', dataStart);
      let data = bytes.subarray(dataStart, dataEnd);
      if (/\/FlateDecode/.test(dict)) {
        try {
          data = inflateSync(data);
        } catch {
          data = Buffer.alloc(0);
        }
      }
      found.push({ dict, stream: data });
    }
    header.lastIndex = end;
  }
  return found;
}

function cmapOf(source: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string): string => {
    let out = '';
    for (let i = 0; i + 4 <= hex.length; i += 4)
      out += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
    return out;
  };
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, from, to] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(parseInt(from!, 16), utf16(to!));
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, lo, hi, to] of block[1]!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g,
    )) {
      const first = parseInt(to!, 16);
      for (let code = parseInt(lo!, 16); code <= parseInt(hi!, 16); code++)
        map.set(code, String.fromCharCode(first + code - parseInt(lo!, 16)));
    }
  return map;
}

export function readPdf(bytes: Buffer): ReadPdf {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('not a PDF');
  const all = objects(bytes);
  const pages = all
    .filter((object) => /\/Type\s*\/Page\b(?!s)/.test(object.dict))
    .map((object) => {
      const box = /\/MediaBox\s*\[\s*([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s*\]/.exec(object.dict);
      if (!box) throw new Error('a page without a MediaBox');
      return { width: Number(box[3]) - Number(box[1]), height: Number(box[4]) - Number(box[2]) };
    });
  const streams = all.flatMap((object) => (object.stream ? [object.stream.toString('latin1')] : []));
  const cmaps = streams.filter((s) => s.includes('begincmap')).map(cmapOf);
  const texts: string[] = [];
  for (const content of streams) {
    if (!/\b(?:Tj|TJ)\b/.test(content)) continue;
    const glyphs = [...content.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1]!);
    for (const cmap of cmaps) {
      let decoded = '';
      for (const hex of glyphs)
        for (let i = 0; i + 4 <= hex.length; i += 4)
          decoded += cmap.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
      texts.push(decoded.replace(/\s+/g, ''));
    }
  }
  return {
    pages,
    texts,
    hasText: (text) => {
      const wanted = text.replace(/\s+/g, '');
      return texts.some((decoded) => decoded.includes(wanted));
    },
  };
}

/** ISO paper in points, portrait. */
export const PAPER_POINTS = { A4: { width: 595.28, height: 841.89 }, A3: { width: 841.89, height: 1190.55 } };
