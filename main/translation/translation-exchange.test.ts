/**
 * Exchange with translators through real files, against the emulator: XLIFF
 * 2.0 and CSV out, edited as a translation tool or a spreadsheet would, and
 * back in as a preview that refuses rows whose source changed meanwhile.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { js2xliff, xliff2js } from 'xliff';
import { parse as parseCsv } from 'csv-parse/sync';
import type { TranslationTarget } from '../../shared/domain/translation.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { ExportFormat, FileDialogs } from '../files/file-dialogs.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { parseTranslatable, withTexts } from '../bpmn/translatable-texts.ts';
import { TranslationService } from './translation-service.ts';
import { startTranslationWorld, type TranslationWorld } from './translation-world.test-support.ts';

/** The native dialogs, answered by the test in order. */
class Dialogs implements FileDialogs {
  readonly answers: string[] = [];
  readonly saved: ExportFormat[] = [];
  chooseBpmnToOpen = async (): Promise<string | null> => this.answers.shift() ?? null;
  chooseTranslationToOpen = async (): Promise<string | null> => this.answers.shift() ?? null;
  chooseSaveLocation = async (_name: string, format: ExportFormat): Promise<string | null> => {
    this.saved.push(format);
    return this.answers.shift() ?? null;
  };
}

async function englishTexts(world: TranslationWorld, id: string): Promise<Map<string, string | null>> {
  return new Map(
    (await parseTranslatable(await world.serverXml(id, 1033))).items.map((i) => [i.key, i.text]),
  );
}

describe('exchange with translators: XLIFF 2.0 and CSV through files', () => {
  let world: TranslationWorld;
  let service: TranslationService;
  let dir: string;
  const dialogs = new Dialogs();
  before(async () => {
    world = await startTranslationWorld();
    service = new TranslationService({
      session: world.current,
      outboxes: world.outboxes,
      logger: createMemoryLogger(),
      dialogs,
    });
    dir = mkdtempSync(join(tmpdir(), 'lanes-xliff-'));
  });
  after(async () => {
    await world.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Imports a file as the workbench does: preview, then the changes saved as edits. */
  async function importFile(target: TranslationTarget, path: string) {
    dialogs.answers.push(path);
    const preview = await service.previewImport(target);
    assert.ok(preview);
    const sheet = await service.open(target);
    const rows = new Map(sheet.rows.map((row) => [row.key, row]));
    await service.save({
      id: target.id,
      source: target.source,
      target: target.target,
      edits: preview.changes.map((change) => ({
        key: change.key,
        text: change.to,
        base: rows.get(change.key)!.server,
        source: rows.get(change.key)!.source,
      })),
    });
    return preview;
  }

  test('an XLIFF round trip through a file changes exactly the edited rows', async () => {
    const target = await world.freshTarget();
    const path = join(dir, 'all.xlf');
    dialogs.answers.push(path);
    const exported = await service.exportFile({ ...target, format: 'xliff', rows: 'all' });
    assert.equal(exported?.path, path);
    const xml = readFileSync(path, 'utf8');
    assert.match(
      xml,
      /<xliff xmlns="urn:oasis:names:tc:xliff:document:2\.0" version="2\.0" srcLang="de-DE" trgLang="en-US">/,
    );

    // A translation tool changes three targets and saves the file.
    const doc = await xliff2js(xml);
    const units = doc.resources[target.id]!;
    const ids = Object.keys(units).filter((id) => id.endsWith('.name') && units[id]!.source);
    const edited = ids.slice(1, 4);
    const texts = ['Ü & <tricky> "quotes"', 'Zeile\nzwei', '=1+1 not a formula'];
    edited.forEach((id, i) => (units[id]!.target = texts[i]));
    writeFileSync(path, await js2xliff(doc));

    const before = await englishTexts(world, target.id);
    const preview = await importFile(target, path);
    const keys = edited.map((id) => id.replace(/\.name$/, '#name'));
    assert.deepEqual(preview.changes.map((c) => c.key).sort(), [...keys].sort());
    assert.deepEqual(preview.refused, []);
    assert.equal(preview.unchanged + preview.empty + preview.changes.length, Object.keys(units).length);

    const published = await service.publish(target);
    assert.equal(published.outcome, 'published', published.error?.message ?? '');
    const afterTexts = await englishTexts(world, target.id);
    for (const [key, text] of before) {
      const index = keys.indexOf(key);
      assert.equal(afterTexts.get(key), index >= 0 ? texts[index] : text, key);
    }
  });

  test('rows whose source changed since the export are refused; the others are taken', async () => {
    const target = await world.freshTarget();
    const path = join(dir, 'open.xlf');
    dialogs.answers.push(path);
    await service.exportFile({ ...target, format: 'xliff', rows: 'all' });
    const doc = await xliff2js(readFileSync(path, 'utf8'));
    const units = doc.resources[target.id]!;
    const [changedId, keptId] = Object.keys(units)
      .filter((id) => id.endsWith('.name') && units[id]!.source)
      .slice(1);
    units[changedId!]!.target = 'Translated from the old source';
    units[keptId!]!.target = 'Translated, source unchanged';
    writeFileSync(path, await js2xliff(doc));
    // Meanwhile a colleague rewrites one German source text.
    const changedKey = changedId!.replace(/\.name$/, '#name');
    await world.otherClient(
      target.id,
      1031,
      async (xml) => (await withTexts(xml, [{ key: changedKey, text: 'Neuer Quelltext' }])).xml,
    );
    dialogs.answers.push(path);
    const preview = await service.previewImport(target);
    assert.deepEqual(
      preview?.refused.map((r) => [r.key, r.reason, r.source]),
      [[changedKey, 'sourceChanged', 'Neuer Quelltext']],
    );
    assert.deepEqual(
      preview?.changes.map((c) => c.to),
      ['Translated, source unchanged'],
    );
  });

  test('a CSV saved by German Excel (semicolons) comes back; only missing rows were exported', async () => {
    const target = await world.freshTarget();
    // One English name is missing on the service, so the "open" export has it.
    const sheet = await service.open(target);
    const task = sheet.rows.find((row) => row.type === 'bpmn:Task')!;
    await world.otherClient(
      target.id,
      1033,
      async (xml) => (await withTexts(xml, [{ key: task.key, text: null }])).xml,
    );
    const path = join(dir, 'open.csv');
    dialogs.answers.push(path);
    const exported = await service.exportFile({ ...target, format: 'csv', rows: 'open' });
    assert.equal(exported?.count, 1);
    const text = readFileSync(path, 'utf8');
    assert.ok(text.startsWith('\uFEFFid,element,field,de-DE,en-US,state\r\n'), text.slice(0, 80));
    const [header, row] = parseCsv(text, { bom: true }) as string[][];
    assert.deepEqual(row!.slice(0, 3), [task.key, 'Task', 'name']);
    row![4] = 'Filled in by the spreadsheet';
    const semicolons = [header!, row!].map((cells) =>
      cells.map((c) => (/[;"\n]/.test(c) ? `"${c}"` : c)).join(';'),
    );
    writeFileSync(path, `\uFEFF${semicolons.join('\r\n')}\r\n`);
    await importFile(target, path);
    const edited = (await service.open(target)).rows.find((r) => r.key === task.key);
    assert.equal(edited?.edit?.text, 'Filled in by the spreadsheet');
  });

  test('a file in another language, or not a translation at all, is refused with what to do', async () => {
    const target = await world.freshTarget();
    const spanish = join(dir, 'spanish.xlf');
    dialogs.answers.push(spanish);
    await service.exportFile({ ...target, target: 3082, format: 'xliff', rows: 'all' });
    dialogs.answers.push(spanish);
    await assert.rejects(service.previewImport(target), (error) => {
      assert.ok(error instanceof LanesError);
      assert.equal(error.code, 'translation.wrongLanguage');
      assert.equal(error.params.language, 'es-ES');
      return true;
    });
    const junk = join(dir, 'junk.csv');
    writeFileSync(junk, Buffer.from([0xff, 0xfe, 0x41, 0x00]));
    dialogs.answers.push(junk);
    await assert.rejects(service.previewImport(target), { code: 'translation.unreadableFile' });
    dialogs.answers.push(null as never);
    assert.equal(await service.previewImport(target), null, 'a cancelled dialog changes nothing');
  });
});
