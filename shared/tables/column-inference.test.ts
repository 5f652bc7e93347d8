import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inferColumn, readingHints, readingForType, type ReadingHints } from './column-inference.ts';
import { parseDate } from './date-patterns.ts';
import { readCell, readNumber } from './value-reading.ts';

const german = { decimalSeparator: ',' as const, dayFirst: true };
const us = { decimalSeparator: '.' as const, dayFirst: false };

test('numbers: the separators are read from the values, the file decides what is ambiguous', () => {
  assert.deepEqual(inferColumn('a', ['1.234,56', '-17,50', '0,5'], us), {
    columnName: 'a',
    columnType: 'FLOAT',
    decimals: 2,
    decimalSeparator: ',',
    thousandsSeparator: '.',
  });
  assert.equal(inferColumn('a', ['1,234.56', '12'], german).decimalSeparator, '.');
  // "1.234" alone: a thousand and more in a German file, one and a bit in an American one.
  assert.deepEqual(
    [
      inferColumn('a', ['1.234', '5.678'], german).columnType,
      inferColumn('a', ['1.234', '5.678'], us).columnType,
    ],
    ['INTEGER', 'FLOAT'],
  );
  assert.equal(inferColumn('a', ['1 234,5', '12'], us).thousandsSeparator, ' ');
  assert.equal(inferColumn('a', ["1'234.50"], german).thousandsSeparator, "'");
  assert.equal(inferColumn('code', ['007', '042'], us).columnType, 'INTEGER');
  assert.equal(inferColumn('phone', ['+49 89 1234', '030 555'], us).columnType, 'STRING');
  assert.equal(readNumber('1.234.567,8', ',', '.'), 1234567.8);
  assert.equal(readNumber('1,234', '.', ''), null);
});

test('the file leans to a decimal comma by its values, else by its separator', () => {
  assert.equal(
    readingHints(
      [
        ['12,5', 'x'],
        ['3,75', 'y'],
      ],
      ',',
    ).decimalSeparator,
    ',',
  );
  assert.equal(readingHints([['12.5'], ['3.75']], ';').decimalSeparator, '.');
  assert.equal(readingHints([['12'], ['x']], ';').decimalSeparator, ',');
  assert.equal(readingHints([['12'], ['x']], ',').decimalSeparator, '.');
  assert.equal(readingHints([['13/01/2026']], ',').dayFirst, true);
  assert.equal(readingHints([['01/13/2026']], ',').dayFirst, false);
});

test('dates: one pattern per column, in the widths the values have, day or month first by the data', () => {
  const pattern = (values: string[], hints: ReadingHints = us): string | undefined =>
    inferColumn('d', values, hints).dateFormat;
  assert.equal(pattern(['01.03.2026', '24.12.2026']), 'dd.MM.yyyy');
  assert.equal(pattern(['1.3.2026', '24.12.2026']), 'd.M.yyyy');
  assert.equal(pattern(['3/1/2026', '12/24/2026']), 'M/d/yyyy');
  assert.equal(pattern(['03/01/2026', '24/12/2026']), 'dd/MM/yyyy');
  assert.equal(pattern(['03/01/2026', '04/02/2026'], german), 'dd/MM/yyyy');
  assert.equal(pattern(['2026-03-01', '2026-12-24']), 'yyyy-MM-dd');
  assert.equal(pattern(['01.03.2026 14:30', '24.12.2026 08:05']), 'dd.MM.yyyy HH:mm');
  assert.equal(pattern(['3/1/2026 2:30 PM', '12/24/2026 11:05 AM']), 'M/d/yyyy h:mm a');
  assert.equal(pattern(['2026-03-01T14:30:00']), "yyyy-MM-dd'T'HH:mm:ss");
  assert.equal(pattern(['14:30', '08:05']), 'HH:mm');
  assert.equal(inferColumn('d', ['01.03.2026', '2026-03-01'], us).columnType, 'STRING', 'two forms: text');
  assert.equal(inferColumn('d', ['31.02.2026'], us).columnType, 'STRING', 'no such day');
  assert.deepEqual(parseDate('1.3.2026', 'dd.MM.yyyy'), null, 'dd wants two digits');
  assert.deepEqual(parseDate('3/1/2026 12:15 AM', 'M/d/yyyy h:mm a'), {
    year: 2026,
    month: 3,
    day: 1,
    hour: 0,
    minute: 15,
    second: 0,
  });
});

test('a cell is read as the pool will hold it; what the service would refuse is flagged', () => {
  const amount = {
    columnName: 'a',
    columnType: 'FLOAT' as const,
    decimals: 2,
    decimalSeparator: ',' as const,
    thousandsSeparator: '.' as const,
  };
  assert.deepEqual(readCell('1.234,567', amount), { ok: true, value: 1234.57, shown: '1234.57' });
  assert.deepEqual(readCell('abc', amount), { ok: false, problem: 'notNumber' });
  assert.deepEqual(readCell('', amount), { ok: true, value: null, shown: '' });
  const day = { columnName: 'd', columnType: 'DATETIME' as const, dateFormat: 'dd.MM.yyyy HH:mm' };
  assert.deepEqual(readCell('01.03.2026 14:30', day), {
    ok: true,
    value: '2026-03-01T14:30:00',
    shown: '2026-03-01 14:30:00',
  });
  const text = { columnName: 't', columnType: 'STRING' as const, fieldLength: 3 };
  assert.deepEqual(readCell('Größe', text), { ok: true, value: 'Grö', shown: 'Grö', cut: true });
  assert.equal(readCell('WAHR', { columnName: 'b', columnType: 'BOOLEAN' }).ok, false);
});

test('a type the user picks gets the reading its values have', () => {
  const column = { columnName: 'x', columnType: 'STRING' as const };
  assert.equal(readingForType(column, 'DATE', ['01.03.2026'], us).dateFormat, 'dd.MM.yyyy');
  assert.equal(readingForType(column, 'DATE', [], german).dateFormat, 'dd.MM.yyyy');
  assert.equal(readingForType(column, 'FLOAT', ['1,5'], german).decimalSeparator, ',');
  assert.equal(readingForType(column, 'STRING', ['abc'], us).fieldLength, 80);
});
