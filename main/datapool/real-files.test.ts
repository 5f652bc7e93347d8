/**
 * The files process owners have, pushed through the real path (the app's
 * main side, the push worker, loopback HTTP, the emulator's data-push
 * interface parsing with the CSVParsingOptions Lanes sent) without touching
 * a setting: the pool's table must hold exactly what each file means, cell
 * by cell. The preview must show the same values the pool then holds.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChosenFile } from '../../shared/domain/datapool.ts';
import { readCell } from '../../shared/tables/value-reading.ts';
import { translateError } from '../../shared/i18n/translate.ts';
import { startPoolWorld, type PoolWorld } from './datapool.test-support.ts';
import {
  databaseDumpTsv,
  excelUnicodeText,
  germanExcelCsv,
  libreOfficeCsv,
  unquotedExportTsv,
  usExcelCsv,
  type RealFile,
} from './real-files.test-support.ts';

let world: PoolWorld;
before(async () => {
  world = await startPoolWorld('lanes-real-files-');
});
after(() => world.close());

async function choose(file: RealFile): Promise<ChosenFile> {
  const path = join(world.dir, file.name);
  writeFileSync(path, file.bytes);
  world.answers.push(path);
  const chosen = await world.call<ChosenFile | null>('datapool.chooseFile', { purpose: 'rows' });
  assert.ok(chosen);
  return chosen;
}

/** Chosen, pushed exactly as Lanes proposes it (nothing touched), and read back from the pool. */
async function pushUntouched(
  file: RealFile,
  table: string,
): Promise<{ chosen: ChosenFile; rows: Record<string, unknown>[] }> {
  const chosen = await choose(file);
  assert.deepEqual(
    chosen.format,
    { kind: 'csv', charSet: file.charSet, separator: file.separator },
    `${file.name}: encoding and separator detected`,
  );
  assert.deepEqual(
    Object.fromEntries(chosen.columns.map((c) => [c.columnName, c.columnType])),
    file.types,
    `${file.name}: column types inferred`,
  );
  const { pushId } = await world.call<{ pushId: string }>('datapool.push', {
    fileId: chosen.fileId,
    format: chosen.format,
    table,
    mode: 'DELTA',
    keys: ['id'],
    columns: chosen.columns,
  });
  const final = await world.outcome(pushId);
  assert.equal(
    final.phase,
    'done',
    `${file.name}: ${JSON.stringify(final.error ?? final.badRows ?? final.logs)}`,
  );
  return { chosen, rows: await world.pool.inspectTable(table) };
}

function assertCellByCell(file: RealFile, rows: Record<string, unknown>[]): void {
  assert.equal(rows.length, file.expected.length, `${file.name}: every row arrived`);
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const expected of file.expected) {
    const row = byId.get(expected.id);
    assert.ok(row, `${file.name}: row ${String(expected.id)}`);
    for (const [column, value] of Object.entries(expected))
      assert.deepEqual(row[column], value, `${file.name}: row ${String(expected.id)}, column ${column}`);
  }
}

/** What the preview shows is what the pool holds: each preview cell read as the service read it. */
function assertPreviewIsThePool(chosen: ChosenFile, rows: Record<string, unknown>[]): void {
  const idAt = chosen.header.indexOf('id');
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  for (const raw of chosen.rows) {
    const stored = byId.get(raw[idAt]!)!;
    chosen.columns.forEach((column, index) => {
      const cell = readCell(raw[index] ?? '', column);
      assert.ok(cell.ok, `preview of ${column.columnName}: ${raw[index]}`);
      assert.deepEqual(cell.ok && cell.value, stored[column.columnName], `preview of ${column.columnName}`);
    });
  }
}

for (const [what, make] of [
  ['a German Excel CSV export (Windows-1252, ";", 1.234,56, dd.MM.yyyy)', germanExcelCsv],
  ['a US Excel CSV export (Windows-1252, ",", "1,234.56", M/d/yyyy, TRUE/FALSE)', usExcelCsv],
  ['a LibreOffice export (UTF-8, every text quoted, ISO dates)', libreOfficeCsv],
  ['a tab-separated database dump (UTF-8, timestamps, NULL as empty)', databaseDumpTsv],
  ["Excel's Unicode text (UTF-16 LE with a mark, tab, German decimals)", () => excelUnicodeText('LE')],
  ['UTF-16 big-endian text', () => excelUnicodeText('BE')],
  ['a tab-separated database export that never quotes (21" monitor, 5 x 3/4" pipe)', unquotedExportTsv],
] as const) {
  test(`${what} is pushed without touching a setting, and the pool holds exactly its values`, async () => {
    const file = make();
    const table = `t_${file.name.replace(/[^A-Za-z0-9]/g, '_')}`;
    const { chosen, rows } = await pushUntouched(file, table);
    assertCellByCell(file, rows);
    assertPreviewIsThePool(chosen, rows);
  });
}

test('the separator and encoding corrected in the preview are what the push uses', async () => {
  const file = germanExcelCsv();
  const chosen = await choose(file);
  // The user insists on UTF-8: the umlauts come out wrong, which the preview shows before anything is sent.
  const wrong = await world.call<ChosenFile>('datapool.rereadFile', {
    fileId: chosen.fileId,
    format: { kind: 'csv', charSet: 'UTF-8', separator: ';' },
  });
  assert.ok(!wrong.rows.flat().includes('München'));
  assert.ok(
    wrong.rows.flat().some((value) => value.includes('\uFFFD')),
    'the broken characters are visible',
  );
  const commas = await world.call<ChosenFile>('datapool.rereadFile', {
    fileId: chosen.fileId,
    format: { kind: 'csv', charSet: 'windows-1252', separator: ',' },
  });
  assert.notEqual(commas.header.length, chosen.header.length, 'another separator splits otherwise');
  // Back to what Lanes detected, and pushed.
  const right = await world.call<ChosenFile>('datapool.rereadFile', {
    fileId: chosen.fileId,
    format: chosen.format,
  });
  assert.deepEqual(right.rows, chosen.rows);
  const { pushId } = await world.call<{ pushId: string }>('datapool.push', {
    fileId: right.fileId,
    format: right.format,
    table: 'corrected',
    mode: 'REPLACE',
    keys: [],
    columns: right.columns,
  });
  assert.equal((await world.outcome(pushId)).phase, 'done');
  assertCellByCell(file, await world.pool.inspectTable('corrected'));
});

test('a column read the wrong way is refused by the service, and the preview showed it first', async () => {
  const file = germanExcelCsv();
  const chosen = await choose(file);
  // A user who switches "Betrag" to a decimal point: the preview flags the cells, the service refuses the rows.
  const columns = chosen.columns.map((c) =>
    c.columnName === 'Betrag' ? { ...c, decimalSeparator: '.' as const, thousandsSeparator: '' as const } : c,
  );
  const betrag = chosen.header.indexOf('Betrag');
  const flagged = chosen.rows.filter((row) => !readCell(row[betrag]!, columns[betrag]!).ok);
  assert.ok(flagged.length > 0, 'the preview flags them');
  const { pushId } = await world.call<{ pushId: string }>('datapool.push', {
    fileId: chosen.fileId,
    format: chosen.format,
    table: 'misread',
    mode: 'REPLACE',
    keys: [],
    columns,
  });
  const final = await world.outcome(pushId);
  assert.equal(final.phase, 'failed');
  assert.equal(final.badRows?.length, flagged.length, 'the rows the preview flagged');
});

test('a file that is no table is refused with what it seems to be and what to do, in English and German', async () => {
  const xliff =
    '<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="de" trgLang="en">\n<file id="f1"><unit id="u1"><segment><source>Auftrag prüfen</source></segment></unit></file>\n</xliff>\n';
  const files: [string, Buffer, string][] = [
    ['texts.xlf', Buffer.from(xliff, 'utf8'), 'xliff'],
    [
      'order.bpmn',
      Buffer.from(
        '<?xml version="1.0"?>\n<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"/>',
      ),
      'bpmn',
    ],
    ['config.xml', Buffer.from('\uFEFF<!-- settings -->\n<settings><a>1</a></settings>', 'utf8'), 'xml'],
    [
      'page.html',
      Buffer.from('<!DOCTYPE html>\n<html><body><table><tr><td>1</td></tr></table></body></html>'),
      'html',
    ],
    ['rows.json', Buffer.from('[{"id": 1, "name": "a"}]'), 'json'],
    ['report.pdf', Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1'), 'pdf'],
    ['photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'image'],
    ['data.bin', Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 37) % 256)), 'other'],
  ];
  for (const [name, bytes, seems] of files) {
    const path = join(world.dir, name);
    writeFileSync(path, bytes);
    world.answers.push(path);
    const result = await world.services.dispatch('datapool.chooseFile', { purpose: 'rows' });
    assert.equal(result.ok, false, `${name} is refused`);
    if (result.ok) continue;
    assert.equal(result.error.code, 'file.notATable', name);
    assert.deepEqual(result.error.params, { path: name, seems }, name);
  }
  // The screen shows it through the error catalogue, in the UI language (problems.ts falls back to it).
  const data = {
    code: 'file.notATable' as const,
    message: '',
    params: { path: 'texts.xlf', seems: 'xliff' },
    details: [],
  };
  assert.equal(
    translateError('en', data),
    'texts.xlf looks like an XML file (XLIFF), not a table. Translations come back through Import translations… on the process’s Translate page; to push a table, choose a CSV file or an Excel workbook (.xlsx).',
  );
  assert.match(
    translateError('de', data),
    /^texts\.xlf sieht aus wie eine XML-Datei \(XLIFF\), nicht wie eine Tabelle\./,
  );
  assert.match(
    translateError('en', { ...data, params: { path: 'report.pdf', seems: 'pdf' } }),
    /^report\.pdf looks like a PDF document, not a table\. Export the data as a CSV file or an Excel workbook \(\.xlsx\) from the program that made it, and choose that file\.$/,
  );
  // A CSV file whose text mentions markup or starts with a bracket is still a table.
  for (const [name, text] of [
    ['tags.csv', 'tag,label\n<b>,bold\n'],
    ['names.csv', '[name],value\na,1\n'],
  ] as const) {
    const path = join(world.dir, name);
    writeFileSync(path, text);
    world.answers.push(path);
    const chosen = await world.call<ChosenFile | null>('datapool.chooseFile', { purpose: 'rows' });
    assert.equal(chosen?.header.length, 2, name);
  }
});
