import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvChunks, csvRecords, splitCsvRecord } from './csv-chunks.ts';
import { quotesFields, readCsvSample } from './csv-dialect.ts';
import { CsvUnclosedQuoteError, EmptyCsvError } from './csv-file-errors.ts';
import { parseColumnSpec } from './column-inference.ts';

const dir = mkdtempSync(join(tmpdir(), 'lanes-csv-'));
function file(name: string, text: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function collect(path: string, rows: number): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of csvChunks(path, rows)) out.push(chunk.body.toString('utf8'));
  return out;
}

test('chunks repeat the header and never split a quoted record', async () => {
  const path = file(
    'quoted.csv',
    '\uFEFFid,text\r\n1,"a\nmultiline, quoted ""value"""\r\n2,b\r\n\r\n3,c\n4,d',
  );
  assert.deepEqual(await collect(path, 2), [
    'id,text\n1,"a\nmultiline, quoted ""value"""\n2,b\n',
    'id,text\n3,c\n4,d\n',
  ]);
});

test('records spanning read buffers are reassembled', async () => {
  const rows = Array.from({ length: 50_000 }, (_, i) => `${i},"name ${i}, with comma",${i * 1.5}`);
  const path = file('big.csv', ['id,name,amount', ...rows].join('\n') + '\n');
  let total = 0;
  let chunks = 0;
  for await (const chunk of csvChunks(path, 7_000)) {
    chunks++;
    total += chunk.rows;
    assert.ok(chunk.body.toString('utf8').startsWith('id,name,amount\n'));
  }
  assert.equal(total, 50_000);
  assert.equal(chunks, 8);
});

test('an empty file is refused', async () => {
  await assert.rejects(collect(file('empty.csv', ''), 10), EmptyCsvError);
});

test('a record with the wrong number of fields is named by its line', async () => {
  await assert.rejects(
    collect(file('ragged.csv', 'a,b\n1,2\n"x,y",3,4\n'), 10),
    /Row 3 of .*ragged.csv has 3 fields; the header has 2/,
  );
});

test('fields split with RFC 4180 quoting', () => {
  assert.deepEqual(splitCsvRecord('1,"a,b","say ""hi""",'), ['1', 'a,b', 'say "hi"', '']);
  assert.deepEqual(splitCsvRecord('a;b', ';'), ['a', 'b']);
});

test('an explicit column spec is parsed, and a wrong one named', () => {
  assert.deepEqual(parseColumnSpec('id:INTEGER,name:STRING(120)', ['id']), [
    { columnName: 'id', columnType: 'INTEGER', pkField: true },
    { columnName: 'name', columnType: 'STRING', pkField: false, fieldLength: 120 },
  ]);
  assert.throws(() => parseColumnSpec('id:NUMBER', []), /"id:NUMBER" is not NAME:TYPE/);
});

test('reused bodies carry the same chunks as fresh ones, each valid until its turn comes round', async () => {
  const rows = Array.from({ length: 25_000 }, (_, i) => `${i},"r ${i}\nsecond line",${i % 7}`);
  const path = file('reuse.csv', ['id,text,n', ...rows].join('\r\n'));
  const fresh = await collect(path, 3_000);
  const reused: string[] = [];
  const bodies: Buffer[] = [];
  for await (const chunk of csvChunks(path, 3_000, undefined, { reuseBodies: 2 })) {
    reused.push(chunk.body.toString('utf8'));
    bodies.push(chunk.body);
  }
  assert.deepEqual(reused, fresh);
  assert.equal(fresh.length, 9);
  // Two buffers in turn: chunk 1's memory is chunk 3's (the ring is the point: no new buffer per chunk).
  assert.equal(bodies[0]!.buffer, bodies[2]!.buffer);
  assert.notEqual(bodies[0]!.buffer, bodies[1]!.buffer);
});

test('LF files are cut into the same chunks, record for record, with quoted line ends, doubled quotes and blank lines', async () => {
  // Long runs of plain LF records go through the scanner's one-loop path; blank lines, quoted line ends across
  // the 256 KB read buffers and the chunks' first and last records through the record-by-record one.
  const record = (i: number): string =>
    i % 50 === 0
      ? `${i},"line one\nline ""two"", ${'z'.repeat(i % 300)}",${i % 7}`
      : `${i},plain ${i},${i % 7}`;
  const records = Array.from({ length: 60_000 }, (_, i) => record(i + 1));
  const lines = records.flatMap((text, i) => (i % 997 === 0 ? [text, ''] : [text]));
  const path = file('lf.csv', ['id,text,n', ...lines].join('\n') + '\n');
  const chunks: string[] = [];
  const firstLines: number[] = [];
  for await (const chunk of csvChunks(path, 7_000)) {
    chunks.push(chunk.body.toString('utf8'));
    firstLines.push(chunk.firstLine);
  }
  const expected: string[] = [];
  for (let at = 0; at < records.length; at += 7_000)
    expected.push(`id,text,n\n${records.slice(at, at + 7_000).join('\n')}\n`);
  assert.equal(chunks.length, expected.length);
  for (let i = 0; i < expected.length; i++) assert.equal(chunks[i], expected[i], `chunk ${i + 1}`);
  // Each chunk's first line counts the records and blank lines before it (a blank line follows every 997th record).
  assert.deepEqual(
    firstLines,
    expected.map((_, k) => 2 + 7_000 * k + Math.ceil((7_000 * k) / 997)),
  );
});

test('a wrong number of fields deep in a run of plain records is named by its line', async () => {
  const rows = Array.from({ length: 20_000 }, (_, i) => (i === 15_000 ? `${i},x,y,z` : `${i},"v ${i}",w`));
  await assert.rejects(
    collect(file('ragged-deep.csv', ['a,b,c', ...rows].join('\n')), 100_000),
    /Row 15002 of .*ragged-deep.csv has 4 fields; the header has 3/,
  );
});

/** A small seeded generator (mulberry32): the same file on every run, different shapes in every block. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('random files in every separator are cut exactly as a plain record-by-record reading cuts them', async () => {
  // The sixteen-byte scan (csv-scan.wat) against the definition: every quote toggles, a separator or line end
  // counts only outside quotes, CR before a line end is dropped, blank lines are skipped. Fields of every
  // length put quotes, separators and line ends at every position of a block and across the 256 KB reads.
  for (const [seed, separator] of [
    [1, ','],
    [2, ';'],
    [3, '\t'],
    [4, '|'],
  ] as const) {
    const next = random(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const field = (): string => {
      const length = Math.floor(next() * next() * 60);
      const text = Array.from({ length }, () => pick(['a', 'b', 'ü', '€', ' ', '1', separator])).join('');
      const kind = next();
      if (kind < 0.5) return text.split(separator).join('');
      if (kind < 0.9) return `"${text}${pick(['', '""', '\n', '\r\n', separator])}${text}"`;
      return `${text.split(separator).join('')}"${pick(['x', separator, '\n'])}"`;
    };
    const header = ['id', 'a', 'b', 'c'].join(separator);
    const records = Array.from({ length: 30_000 }, (_, i) =>
      [String(i), field(), field(), field()].join(separator),
    );
    const crlf = seed === 2;
    const lines = records.flatMap((text) => (next() < 0.001 ? [text, ''] : [text]));
    const path = file(`random-${seed}.csv`, [header, ...lines].join(crlf ? '\r\n' : '\n') + '\n');
    const rowsPerChunk = 4_093;
    const chunks: string[] = [];
    for await (const chunk of csvChunks(path, rowsPerChunk, undefined, {
      dialect: { charSet: 'UTF-8', bomBytes: 0, separator, quotesFields: true },
    }))
      chunks.push(chunk.body.toString('utf8'));
    const expected: string[] = [];
    for (let at = 0; at < records.length; at += rowsPerChunk)
      expected.push(`${header}\n${records.slice(at, at + rowsPerChunk).join('\n')}\n`);
    assert.equal(chunks.length, expected.length, `separator ${JSON.stringify(separator)}`);
    for (let i = 0; i < expected.length; i++)
      assert.equal(chunks[i], expected[i], `separator ${JSON.stringify(separator)}, chunk ${i + 1}`);
  }
});

test('a record with one field too many or too few is named by its line wherever it falls in a block', async () => {
  const next = random(7);
  for (let round = 0; round < 24; round++) {
    const bad = 2_000 + Math.floor(next() * 6_000);
    const extra = round % 2 === 0;
    const rows = Array.from({ length: 10_000 }, (_, i) => {
      const name = 'n'.repeat(Math.floor(next() * 20));
      if (i !== bad) return `${i},"${name},q",${name}`;
      return extra ? `${i},"${name}",${name},x` : `${i},${name}`;
    });
    await assert.rejects(
      collect(file(`ragged-${round}.csv`, ['a,b,c', ...rows].join('\n') + '\n'), 100_000),
      new RegExp(`Row ${bad + 2} of .* has ${extra ? 4 : 2} fields; the header has 3`),
    );
  }
});

test('a quote never closed is named by the row that opened it, not sent as one huge last value', async () => {
  const rows = Array.from({ length: 40_000 }, (_, i) =>
    i === 29_999 ? `${i + 1},"unclosed` : `${i + 1},x${i + 1}`,
  );
  await assert.rejects(
    collect(file('unclosed.csv', ['id,v', ...rows].join('\n') + '\n'), 100_000),
    (error: unknown) =>
      error instanceof CsvUnclosedQuoteError &&
      /Row 30001 of .*unclosed\.csv opens a quoted field/.test(error.message),
  );
});

test('the reader returns to the event loop between reads, so an upload beside it goes on', async () => {
  // 40,000 rows of about 100 bytes: some sixteen reads of 256 KB before the one chunk is cut.
  const rows = Array.from({ length: 40_000 }, (_, i) => `${i},${'x'.repeat(90)}`);
  const path = file('long-read.csv', `id,text\n${rows.join('\n')}\n`);
  let turns = 0;
  let turning = true;
  const turn = (): void => {
    turns++;
    if (turning) setImmediate(turn);
  };
  setImmediate(turn);
  let turnsBeforeChunk = -1;
  for await (const chunk of csvChunks(path, 100_000)) {
    turnsBeforeChunk = turns;
    assert.equal(chunk.rows, 40_000);
  }
  turning = false;
  // Read in one go without returning to the loop, the chunk would come before the loop turned more than once.
  assert.ok(
    turnsBeforeChunk >= 10,
    `the event loop turned ${turnsBeforeChunk} times while the file was read`,
  );
});

test('a file that never quotes is told from one that does by its structure, not by having a quote', () => {
  const sample = (text: string) => readCsvSample(Buffer.from(text, 'utf8'), true).dialect;
  // A database's tab-separated export: quotes inside values, never around them.
  const export_ = 'sku\tname\tqty\n1\t21" monitor\t2\n2\t5 x 3/4" pipe\t10\n3\t"quoted" word\t1\n';
  assert.deepEqual(sample(export_), { charSet: 'UTF-8', bomBytes: 0, separator: '\t', quotesFields: false });
  // RFC 4180 as Excel writes it: a quoted field ends right before a separator or a line end.
  assert.equal(sample('id,name\n1,"21"" monitor"\n2,"a, b"\n').quotesFields, true);
  assert.equal(sample('id;name\r\n1;"x"\r\n').quotesFields, true);
  // No quote at all: nothing to quote.
  assert.equal(sample('id,name\n1,plain\n').quotesFields, false);
  // A quoted field that opens a value but does not end it (`"Big" Joe`) is a quote in the value.
  assert.equal(sample('id,name\n1,"Big" Joe\n').quotesFields, false);
  assert.equal(quotesFields('a,"b"\n1,"c', ','), true, 'a sample cut inside a quoted field');
  // A quote that opens a field and is never closed, with nothing before it that breaks quoting: the push
  // names its row (a database export's lone inch mark after `21" monitor` is literal, as above).
  assert.equal(quotesFields('id,name\n1,ok\n2,"never closed\n3,lost\n', ','), true);
  assert.equal(quotesFields('id,name\n1,21" tv\n2,"\n', ','), false);
  // The header and rows split as the file means them.
  const read = readCsvSample(Buffer.from(export_, 'utf8'), true);
  assert.deepEqual(read.rows, [
    ['1', '21" monitor', '2'],
    ['2', '5 x 3/4" pipe', '10'],
    ['3', '"quoted" word', '1'],
  ]);
});

test('a file that never quotes is chunked with each value that holds a quote quoted (RFC 4180)', async () => {
  // Fields with quotes at every position of a sixteen-byte block, in UTF-8 and UTF-16, CRLF and LF:
  // each chunk, read back by RFC 4180, has exactly the file's values.
  const next = random(9);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  for (const [charSet, crlf] of [
    ['UTF-8', false],
    ['UTF-8', true],
    ['UTF-16LE', false],
    ['UTF-16BE', true],
  ] as const) {
    const field = (): string =>
      Array.from({ length: Math.floor(next() * next() * 40) }, () =>
        pick(['a', 'ü', ' ', '1', '"', '"', '/']),
      ).join('');
    const rows = Array.from({ length: 20_000 }, (_, i) => [String(i), field(), field()]);
    const text =
      [['id', 'say "hi"', 'b'], ...rows].map((r) => r.join('\t')).join(crlf ? '\r\n' : '\n') + '\n';
    const bytes =
      charSet === 'UTF-8'
        ? Buffer.from(text, 'utf8')
        : charSet === 'UTF-16LE'
          ? Buffer.from(text, 'utf16le')
          : Buffer.from(text, 'utf16le').swap16();
    const path = file(`literal-${charSet}-${crlf}.tsv`, bytes);
    const dialect = { charSet, bomBytes: 0, separator: '\t', quotesFields: false } as const;
    const decoder = new TextDecoder(charSet.toLowerCase());
    const back: string[][] = [];
    for await (const chunk of csvChunks(path, 3_001, undefined, { dialect })) {
      const records = csvRecords(decoder.decode(chunk.body), Number.POSITIVE_INFINITY, false);
      const [header, ...body] = records.map((record) => splitCsvRecord(record, '\t'));
      assert.deepEqual(header, ['id', 'say "hi"', 'b'], charSet);
      back.push(...body);
    }
    assert.equal(back.length, rows.length, `${charSet} ${crlf ? 'CRLF' : 'LF'}`);
    for (let i = 0; i < rows.length; i++) assert.deepEqual(back[i], rows[i], `${charSet}, row ${i + 2}`);
  }
});
