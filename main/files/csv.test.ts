import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csvField, toCsv } from './csv.ts';

test('fields with commas, quotes and line breaks are quoted, quotes doubled', () => {
  assert.equal(csvField('plain'), 'plain');
  assert.equal(csvField('a,b'), '"a,b"');
  assert.equal(csvField('say "hi"'), '"say ""hi"""');
  assert.equal(csvField('two\nlines'), '"two\nlines"');
});

test('a value a spreadsheet would run as a formula is kept as text; negative numbers stay numbers', () => {
  assert.equal(csvField('=SUM(A1)'), "'=SUM(A1)");
  assert.equal(csvField('=HYPERLINK("x")'), '"\'=HYPERLINK(""x"")"');
  assert.equal(csvField('@cmd'), "'@cmd");
  assert.equal(csvField('-12.5'), '-12.5');
});

test('the file is UTF-8 with a byte order mark and CRLF line ends', () => {
  const csv = toCsv(
    ['Name', 'Zustand'],
    [
      ['Prüfen', 'released'],
      ['a,b', ''],
    ],
  );
  assert.equal(csv, '\uFEFFName,Zustand\r\nPrüfen,released\r\n"a,b",\r\n');
});
