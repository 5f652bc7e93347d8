/**
 * Excel workbooks through the real path: a sheet picked from a workbook
 * written as Excel writes it (title rows above the header, a merged header
 * cell, dates, date-times, times, formulas with their saved results, an
 * error cell, umlauts), previewed and pushed into the emulator, compared
 * cell by cell; an empty sheet, a zip bomb, a file that is no workbook.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChosenFile } from '../../shared/domain/datapool.ts';
import { startPoolWorld, type PoolWorld } from './datapool.test-support.ts';
import { writeXlsx, xlsxBytes, zip, type XCell } from './xlsx/ooxml.test-support.ts';

let world: PoolWorld;
before(async () => {
  world = await startPoolWorld('lanes-xlsx-');
});
after(() => world.close());

const PROCESSES = [
  {
    id: 1,
    name: 'Auftragsabwicklung',
    cost: 1234.56,
    extra: 17,
    start: '2026-03-01',
    changed: '2026-03-01T14:30:00',
    took: '01:30:00',
    active: true,
  },
  {
    id: 2,
    name: 'Qualitätsprüfung',
    cost: 99.5,
    extra: 0,
    start: '2026-12-24',
    changed: '2026-12-24T08:05:00',
    took: '00:45:00',
    active: false,
  },
  {
    id: 3,
    name: 'Größenänderung „Ü“',
    cost: 1000000,
    extra: -3,
    start: '2026-01-13',
    changed: '2026-01-13T23:59:00',
    took: '12:00:00',
    active: true,
  },
];

/** The workbook: an empty cover sheet, the data with a title above its header, and an empty sheet. */
function workbook(): string {
  const rows: XCell[][] = [
    ['Prozesskosten 2026'],
    [],
    ['id', 'Prozess', 'Kosten', null, 'Start', 'Letzte Änderung', 'Dauer', 'Aktiv', 'Summe'],
    ...PROCESSES.map((p, i): XCell[] => [
      p.id,
      p.name,
      p.cost,
      p.extra,
      { date: p.start },
      { dateTime: p.changed },
      { time: p.took },
      p.active,
      i === 2 ? { error: '#DIV/0!' } : { formula: `C${i + 4}+D${i + 4}`, result: p.cost + p.extra },
    ]),
  ];
  const path = join(world.dir, 'Prozesse 2026.xlsx');
  writeXlsx(path, [
    { name: 'Deckblatt', rows: [] },
    { name: 'Prozesse', rows, merges: ['C3:D3'] },
    { name: 'Leer', rows: [] },
  ]);
  return path;
}

async function choose(path: string): Promise<ChosenFile> {
  world.answers.push(path);
  const chosen = await world.call<ChosenFile | null>('datapool.chooseFile', { purpose: 'rows' });
  assert.ok(chosen);
  return chosen;
}

test('a sheet of a workbook is previewed from its header row and pushed with its values typed, cell by cell', async () => {
  const chosen = await choose(workbook());
  assert.deepEqual(chosen.sheets, ['Deckblatt', 'Prozesse', 'Leer']);
  assert.deepEqual(
    chosen.format,
    { kind: 'xlsx', sheet: 'Prozesse', headerRow: 3 },
    'the first sheet with data, its header row',
  );
  assert.deepEqual(chosen.header, [
    'id',
    'Prozess',
    'Kosten',
    'Kosten_2',
    'Start',
    'Letzte Änderung',
    'Dauer',
    'Aktiv',
    'Summe',
  ]);
  assert.deepEqual(
    chosen.notices.map((n) => [n.code, n.params.cells ?? n.params.count]),
    [
      ['mergedHeader', 'C3:D3'],
      ['errorCells', '1'],
    ],
  );
  assert.deepEqual(
    chosen.columns.map((c) => c.columnType),
    ['INTEGER', 'STRING', 'FLOAT', 'INTEGER', 'DATE', 'DATETIME', 'TIME', 'BOOLEAN', 'FLOAT'],
  );
  assert.deepEqual(chosen.rows[0], [
    '1',
    'Auftragsabwicklung',
    '1234.56',
    '17',
    '2026-03-01',
    '2026-03-01T14:30:00',
    '01:30:00',
    'true',
    '1251.56',
  ]);
  const { pushId } = await world.call<{ pushId: string }>('datapool.push', {
    fileId: chosen.fileId,
    format: chosen.format,
    table: 'prozesse',
    mode: 'DELTA',
    keys: ['id'],
    columns: chosen.columns,
  });
  const final = await world.outcome(pushId);
  assert.equal(final.phase, 'done', JSON.stringify(final.error ?? final.badRows ?? final.logs));
  const table = await world.pool.inspectTable('prozesse');
  assert.equal(table.length, PROCESSES.length);
  const byId = new Map(table.map((r) => [r.id, r]));
  PROCESSES.forEach((p, i) => {
    assert.deepEqual(byId.get(p.id), {
      id: p.id,
      Prozess: p.name,
      Kosten: p.cost,
      Kosten_2: p.extra,
      Start: p.start,
      'Letzte Änderung': p.changed,
      Dauer: p.took,
      Aktiv: p.active,
      // A formula is pushed as the result Excel saved; an error cell as nothing.
      Summe: i === 2 ? null : p.cost + p.extra,
    });
  });
});

test('another sheet and another header row are read on request; an empty sheet says so', async () => {
  const chosen = await choose(workbook());
  const empty = await world.call<ChosenFile>('datapool.rereadFile', {
    fileId: chosen.fileId,
    format: { kind: 'xlsx', sheet: 'Leer', headerRow: 1 },
  });
  assert.deepEqual(empty.header, []);
  assert.deepEqual(empty.notices, [{ code: 'emptySheet', params: { sheet: 'Leer' } }]);
  const titled = await world.call<ChosenFile>('datapool.rereadFile', {
    fileId: chosen.fileId,
    format: { kind: 'xlsx', sheet: 'Prozesse', headerRow: 1 },
  });
  assert.equal(titled.header[0], 'Prozesskosten 2026');
  assert.ok(titled.notices.some((n) => n.code === 'unnamedColumn'));
});

test('a zip bomb, a zip that is no workbook and an old .xls are refused with what to do', async () => {
  const refusal = async (name: string, bytes: Buffer): Promise<Record<string, string>> => {
    const path = join(world.dir, name);
    writeFileSync(path, bytes);
    world.answers.push(path);
    const result = await world.services.dispatch('datapool.chooseFile', { purpose: 'rows' });
    assert.equal(result.ok, false, name);
    return result.ok ? {} : result.error.params;
  };
  // 400 MB of zeros pack into a few hundred kilobytes; the header claims a small sheet.
  const bomb = zip(
    [
      ['xl/workbook.xml', Buffer.from('<workbook/>')],
      ['xl/worksheets/sheet1.xml', Buffer.alloc(400 * 1024 * 1024)],
    ],
    (name, size) => (name.endsWith('sheet1.xml') ? 1000 : size),
  );
  assert.ok(bomb.length < 2 * 1024 * 1024);
  const bombed = await refusal('bomb.xlsx', bomb);
  assert.match(bombed.problem!, /^workbook\.(tooLarge|unreadable)$/);
  const honestBomb = zip([
    ['xl/workbook.xml', Buffer.from('<workbook/>')],
    ['xl/worksheets/sheet1.xml', Buffer.alloc(400 * 1024 * 1024)],
  ]);
  assert.equal((await refusal('big.xlsx', honestBomb)).problem, 'workbook.tooLarge');
  assert.equal(
    (await refusal('other.xlsx', zip([['word/document.xml', Buffer.from('<w/>')]]))).problem,
    'workbook.notXlsx',
  );
  const xls = Buffer.alloc(1024);
  xls.writeUInt32BE(0xd0cf11e0, 0);
  const old = await refusal('old.xls', xls);
  assert.equal(old.problem, 'workbook.notXlsx');
  assert.match(old.reason!, /save it as \.xlsx/i);
  assert.ok(xlsxBytes([{ name: 'S', rows: [['a']] }]).length > 0);
});
