/**
 * `lanes push` with the files people have, run as they run it: the real
 * command (bin/lanes.js in a child process) against the emulator. A database's
 * tab export that never quotes, an Excel workbook (written at test time with
 * the project's xlsx library) read as the Data pool screen reads it, and a
 * file that is no table, refused with what it seems to be.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { poolInspector } from '../datapool/datapool.test-support.ts';
import { unquotedExportTsv } from '../datapool/real-files.test-support.ts';
import type { DataPushClient } from '../api/datapush/datapush-client.ts';
import { startCliWorld, type CliRun, type CliWorld } from './cli-world.test-support.ts';

const bin = fileURLToPath(new URL('../../bin/lanes.js', import.meta.url));

describe('lanes push with the files people have (the real command against the emulator)', () => {
  let world: CliWorld;
  let pool: DataPushClient;
  /** bin/lanes.js in its own process, with the world's data folder. */
  const lanes = (args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> =>
    new Promise((resolve) => {
      execFile(
        process.execPath,
        [bin, ...args],
        {
          env: { ...process.env, LANES_HOME: world.home, LANG: 'en_US.UTF-8', LANES_LANG: '', ...env },
          timeout: 120_000,
        },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
          resolve({ code, stdout, stderr });
        },
      );
    });

  before(async () => {
    world = await startCliWorld();
    pool = poolInspector(world.emulator.config);
  });
  after(() => world.close());

  test('a tab-separated export with quotes in its values arrives cell by cell', async () => {
    const file = unquotedExportTsv();
    const path = world.file(file.name, file.bytes);
    const run = await lanes(['push', path, '--table', 'inventory', '--keys', 'id']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Pushed 5 rows to inventory/);
    const rows = await pool.inspectTable('inventory');
    assert.equal(rows.length, file.expected.length);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const expected of file.expected)
      for (const [column, value] of Object.entries(expected))
        assert.deepEqual(byId.get(expected.id)?.[column], value, `row ${String(expected.id)}, ${column}`);
  });

  test('an .xlsx workbook is read as the Data pool screen reads it: --sheet, --header-row, or guessed', async () => {
    const header = ['id', 'Artikel', 'Preis', 'Menge', 'Geliefert'];
    const data: (string | number | Date)[][] = [
      [1, '21" Monitor, matt', 189.9, 2, new Date(Date.UTC(2026, 2, 1))],
      [2, 'Rohr 5 x 3/4"', 4.25, 10, new Date(Date.UTC(2026, 11, 24))],
      [3, 'Größe „XL“; "Sonder"', 1234567.5, 0, new Date(Date.UTC(2026, 0, 13))],
    ];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([['Deckblatt'], ['Stand: März']]),
      'Deckblatt',
    );
    // A title and an empty row above the header, as report exports have them.
    const sheet = XLSX.utils.aoa_to_sheet([['Lagerbestand 2026'], [], header, ...data], { cellDates: true });
    XLSX.utils.book_append_sheet(book, sheet, 'Bestand');
    const path = world.file('Bestand.xlsx', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

    const picked = await lanes(['push', path, '--table', 'bestand', '--keys', 'id', '--sheet', 'Bestand']);
    assert.equal(picked.code, 0, picked.stderr);
    assert.match(picked.stdout, /Reading sheet "Bestand" of Bestand\.xlsx, header row 3\./);
    assert.match(picked.stdout, /Pushed 3 rows to bestand/);
    const iso = (date: Date): string => date.toISOString().slice(0, 10);
    const expectCells = async (table: string): Promise<void> => {
      const rows = await pool.inspectTable(table);
      assert.equal(rows.length, data.length, table);
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const source of data) {
        const row = byId.get(source[0]);
        assert.ok(row, `${table}: row ${String(source[0])}`);
        header.forEach((column, i) => {
          const value = source[i]!;
          assert.deepEqual(row[column], value instanceof Date ? iso(value) : value, `${table}: ${column}`);
        });
      }
    };
    await expectCells('bestand');

    // The same sheet by its header row given, and a wrong header row says what the header holds.
    const given = await lanes([
      'push',
      path,
      '--table',
      'bestand_row',
      '--keys',
      'id',
      '--sheet',
      'Bestand',
      '--header-row',
      '3',
    ]);
    assert.equal(given.code, 0, given.stderr);
    await expectCells('bestand_row');
    const wrongRow = await lanes([
      'push',
      path,
      '--table',
      'x',
      '--keys',
      'id',
      '--sheet',
      'Bestand',
      '--header-row',
      '1',
    ]);
    assert.equal(wrongRow.code, 5, wrongRow.stderr);
    assert.match(
      wrongRow.stderr,
      /The key column "id" is not in the header of .*Bestand\.xlsx \(sheet "Bestand"\)/,
    );
    assert.doesNotMatch(wrongRow.stderr, /sheet\.csv/, 'the temporary file is never named');

    // Without options: the first sheet with data is the cover; its header has no "id".
    const cover = await lanes(['push', path, '--table', 'x', '--keys', 'id']);
    assert.match(cover.stdout, /Reading sheet "Deckblatt"/);
    assert.equal(cover.code, 5);
    // A sheet that is not there, and sheet options for a CSV file.
    const missing = await lanes(['push', path, '--table', 'x', '--keys', 'id', '--sheet', 'Nope']);
    assert.notEqual(missing.code, 0);
    assert.match(missing.stderr, /Nope/);
    const csv = world.file('plain.csv', 'id,a\n1,x\n');
    const usage = await lanes(['push', csv, '--table', 'x', '--keys', 'id', '--sheet', 'S']);
    assert.equal(usage.code, 1);
    assert.match(usage.stderr, /--sheet and --header-row are for Excel workbooks/);
  });

  test('an XLIFF file is refused with what it is and what to do, in English and German, and nothing is sent', async () => {
    const path = world.file(
      'texte.xlf',
      '<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="de">\n<file id="f"><unit id="u"><segment><source>Prüfen</source></segment></unit></file>\n</xliff>\n',
    );
    const english = await lanes(['push', path, '--table', 'texte', '--keys', 'id']);
    assert.equal(english.code, 5, english.stderr);
    assert.match(
      english.stderr,
      /^lanes: texte\.xlf looks like an XML file \(XLIFF\), not a table\. .*choose a CSV file or an Excel workbook \(\.xlsx\)\./,
    );
    assert.doesNotMatch(english.stderr, /key column|at .*\.ts:/, 'not read as a one-column CSV; no stack');
    const german = await lanes(['push', path, '--table', 'texte', '--keys', 'id'], { LANES_LANG: 'de' });
    assert.equal(german.code, 5);
    assert.match(
      german.stderr,
      /texte\.xlf sieht aus wie eine XML-Datei \(XLIFF\), nicht wie eine Tabelle\./,
    );
    assert.deepEqual(await pool.inspectTable('texte').catch(() => []), [], 'nothing arrived');
    const pdf = world.file('report.pdf', Buffer.from('%PDF-1.7\n%\xe2\xe3\n', 'latin1'));
    const refused = await lanes(['push', pdf, '--table', 't', '--keys', 'id']);
    assert.equal(refused.code, 5);
    assert.match(refused.stderr, /report\.pdf looks like a PDF document, not a table/);
  });
});
