import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { declareUtf8, decodeXml, declaredEncoding, UnsupportedEncodingError } from './xml-decoding.ts';

const NAME = 'Tüte Größe Äpfel';
const xmlWith = (declaration: string | null): string =>
  `${declaration === null ? '' : `<?xml version="1.0" encoding="${declaration}"?>\n`}` +
  `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="P" name="${NAME}"/></definitions>`;

/** UTF-16BE bytes (Node has only little-endian built in): swap each pair. */
function utf16be(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf16le');
  for (let i = 0; i < bytes.length; i += 2) [bytes[i], bytes[i + 1]] = [bytes[i + 1]!, bytes[i]!];
  return bytes;
}

const declarationOf = (text: string): string | null => /encoding="([^"]*)"/.exec(text)?.[1] ?? null;

describe('decoding XML files: BOM, declaration, UTF-8 by default', () => {
  test('UTF-8 without BOM or declaration is read as is', () => {
    const decoded = decodeXml(Buffer.from(xmlWith(null), 'utf8'));
    assert.equal(decoded.text, xmlWith(null));
    assert.equal(decoded.readAs, 'UTF-8');
    assert.equal(decoded.conversion, null);
  });

  test('UTF-8 with BOM: the BOM is dropped, nothing to tell', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xmlWith('UTF-8'), 'utf8')]);
    const decoded = decodeXml(bytes);
    assert.equal(decoded.text, xmlWith('UTF-8'));
    assert.ok(!decoded.text.startsWith('\uFEFF'));
    assert.equal(decoded.conversion, null);
  });

  for (const label of ['ISO-8859-1', 'iso-8859-1', 'latin1', 'windows-1252', 'Windows-1252']) {
    test(`${label}: umlauts come out right and the declaration now says UTF-8`, () => {
      const decoded = decodeXml(Buffer.from(xmlWith(label), 'latin1'));
      assert.match(decoded.text, new RegExp(`name="${NAME}"`));
      assert.equal(declarationOf(decoded.text), 'UTF-8');
      assert.equal(decoded.conversion, 'declared');
      assert.equal(decoded.readAs, /^windows/i.test(label) ? 'windows-1252' : label.toUpperCase());
    });
  }

  test('windows-1252 characters outside Latin-1 (€, curly quotes) are decoded', () => {
    const bytes = Buffer.from(xmlWith('windows-1252').replace(NAME, 'Preis XX'), 'latin1');
    const at = bytes.indexOf('XX');
    bytes[at] = 0x80; // €
    bytes[at + 1] = 0x93; // “
    assert.match(decodeXml(bytes).text, /name="Preis €“"/);
  });

  for (const [label, encode, bom] of [
    ['UTF-16LE', (text: string) => Buffer.from(text, 'utf16le'), [0xff, 0xfe]],
    ['UTF-16BE', utf16be, [0xfe, 0xff]],
  ] as const) {
    test(`${label} with BOM`, () => {
      const decoded = decodeXml(Buffer.concat([Buffer.from(bom), encode(xmlWith('UTF-16'))]));
      assert.equal(decoded.text, xmlWith('UTF-8'));
      assert.equal(decoded.readAs, label);
      assert.equal(decoded.conversion, 'byteOrderMark');
    });
    test(`${label} without BOM, recognised from "<?"`, () => {
      const decoded = decodeXml(encode(xmlWith('UTF-16')));
      assert.equal(decoded.text, xmlWith('UTF-8'));
      assert.equal(decoded.readAs, label);
      assert.equal(decoded.conversion, 'declared');
    });
  }

  test('a BOM wins over a declaration that disagrees, and the disagreement is reported', () => {
    const utf8Bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(xmlWith('ISO-8859-1'), 'utf8'),
    ]);
    const fromUtf8 = decodeXml(utf8Bom);
    assert.match(fromUtf8.text, new RegExp(NAME));
    assert.equal(fromUtf8.readAs, 'UTF-8');
    assert.equal(fromUtf8.conversion, 'byteOrderMark');

    const utf16Bom = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(xmlWith('ISO-8859-1'), 'utf16le'),
    ]);
    const fromUtf16 = decodeXml(utf16Bom);
    assert.match(fromUtf16.text, new RegExp(NAME));
    assert.equal(fromUtf16.readAs, 'UTF-16LE');
  });

  test('bytes that are not UTF-8 although the file says so (or says nothing) are read as windows-1252, flagged', () => {
    for (const declaration of ['UTF-8', null]) {
      const decoded = decodeXml(Buffer.from(xmlWith(declaration), 'latin1'));
      assert.match(decoded.text, new RegExp(`name="${NAME}"`), 'no U+FFFD in the names');
      assert.equal(decoded.readAs, 'windows-1252');
      assert.equal(decoded.conversion, 'notUtf8');
    }
  });

  test('a declaration of UTF-16 on 8-bit bytes cannot be true: the bytes are read as UTF-8', () => {
    const decoded = decodeXml(Buffer.from(xmlWith('UTF-16'), 'utf8'));
    assert.match(decoded.text, new RegExp(NAME));
    assert.equal(decoded.readAs, 'UTF-8');
    assert.equal(declarationOf(decoded.text), 'UTF-8');
  });

  test('an unknown or unsafe encoding is refused with its name and what to do', () => {
    for (const label of ['EBCDIC-37', 'x-unknown', 'ISO-2022-KR']) {
      assert.throws(
        () => decodeXml(Buffer.from(xmlWith(label), 'latin1')),
        (error) =>
          error instanceof UnsupportedEncodingError &&
          error.encoding === label &&
          error.message.includes(label) &&
          /Save it as UTF-8/.test(error.message),
      );
    }
  });

  test('declaredEncoding and declareUtf8 handle single quotes and spacing', () => {
    const text = `<?xml version='1.0'  encoding = 'ISO-8859-1' standalone='yes'?><a/>`;
    assert.equal(declaredEncoding(Buffer.from(text, 'latin1')), 'ISO-8859-1');
    assert.equal(declareUtf8(text), `<?xml version='1.0'  encoding = 'UTF-8' standalone='yes'?><a/>`);
    assert.equal(declareUtf8('\uFEFF<a/>'), '<a/>', 'no BOM, nothing else touched');
    assert.equal(declaredEncoding(Buffer.from('<a encoding="x"/>')), null, 'only the declaration counts');
  });
});
