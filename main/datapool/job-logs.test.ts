import { test } from 'node:test';
import assert from 'node:assert/strict';
import { badRowOfShapeError, splitJobLogs } from './job-logs.ts';
import { CsvShapeError } from '../api/datapush/csv-file-errors.ts';

test('bad rows in later chunks are numbered as lines of the whole file', () => {
  const logs = [
    'Chunk 1 (UPSERT): 3 row(s) parsed.',
    'Chunk 2 (UPSERT): 2 row(s) parsed.',
    'Chunk 3 (DELETE): 0 row(s) parsed.',
    'Chunk 1 (UPSERT): Line 3: column amount: not an integer.',
    'Chunk 2 (UPSERT): Line 2: column amount: not an integer.',
    'Chunk 3 (DELETE): Line 2: expected 1 values, found 2.',
    'Job failed: 3 bad row(s).',
  ];
  const { badRows, other } = splitJobLogs(logs, { UPSERT: [2, 6], DELETE: [2] }, 4);
  assert.deepEqual(badRows, [
    { line: 3, message: 'column amount: not an integer' },
    { line: 6, message: 'column amount: not an integer' },
    { line: 2, message: 'expected 1 values, found 2', deletedFile: true },
  ]);
  assert.deepEqual(other, [logs[0], logs[1], logs[2], logs[6]]);
});

test('plain "Line N:" entries and Lanes\' own field-count check give line numbers too', () => {
  assert.deepEqual(splitJobLogs(['Line 7: bad date.'], { UPSERT: [], DELETE: [] }, 100).badRows, [
    { line: 7, message: 'bad date' },
  ]);
  assert.deepEqual(badRowOfShapeError(new CsvShapeError('/tmp/x.csv', 12, 3, 2)), {
    line: 12,
    message: 'expected 2 values, found 3',
  });
});

test("a first chunk cut short (sent as soon as its job existed) shifts every later chunk's lines", () => {
  const logs = [
    'Chunk 11 (UPSERT): 1500 row(s) parsed.',
    'Chunk 12 (UPSERT): Line 5: column amount: not an integer.',
    'Chunk 13 (UPSERT): Line 2: column day: not a date.',
  ];
  // Chunks of 1,500 then 100,000 rows, the third not yet known as sent: it follows the second's full size.
  assert.deepEqual(
    splitJobLogs(logs, { UPSERT: [2, 1_502], DELETE: [] }, 100_000).badRows.map((r) => r.line),
    [1_505, 101_502],
  );
  // With nothing known, every chunk holds rowsPerChunk rows.
  assert.deepEqual(
    splitJobLogs(logs, { UPSERT: [], DELETE: [] }, 100_000).badRows.map((r) => r.line),
    [100_005, 200_002],
  );
});
