import { test } from 'node:test';
import assert from 'node:assert/strict';
import { badRowOfShapeError, splitJobLogs } from './job-logs.ts';

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
  const { badRows, other } = splitJobLogs(logs, 4);
  assert.deepEqual(badRows, [
    { line: 3, message: 'column amount: not an integer' },
    { line: 6, message: 'column amount: not an integer' },
    { line: 2, message: 'expected 1 values, found 2', deletedFile: true },
  ]);
  assert.deepEqual(other, [logs[0], logs[1], logs[2], logs[6]]);
});

test('plain "Line N:" entries and Lanes\' own field-count check give line numbers too', () => {
  assert.deepEqual(splitJobLogs(['Line 7: bad date.'], 100).badRows, [{ line: 7, message: 'bad date' }]);
  assert.deepEqual(badRowOfShapeError('Row 12 of /tmp/x.csv has 3 fields; the header has 2.'), {
    line: 12,
    message: 'expected 2 values, found 3',
  });
});
