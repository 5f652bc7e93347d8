/**
 * The translation workbench's service layer against the emulator over real
 * HTTP and a real cache file: translate, publish with the target lcid, offline
 * delivery by the next sync, and the service's own changes meanwhile.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rowState, changedOnService, type TranslationRow } from '../../shared/domain/translation-rows.ts';
import { parseTranslatable, withTexts } from '../bpmn/translatable-texts.ts';
import { editsFor, startTranslationWorld, type TranslationWorld } from './translation-world.test-support.ts';

/** Texts of one culture's export by key. */
async function textsOf(xml: string): Promise<Map<string, string | null>> {
  return new Map((await parseTranslatable(xml)).items.map((item) => [item.key, item.text]));
}

const names = (rows: readonly TranslationRow[]): TranslationRow[] =>
  rows.filter((row) => row.field === 'name' && row.type !== 'bpmn:SequenceFlow' && row.source !== null);

describe('translation workbench service: translate, publish, offline, concurrent changes', () => {
  let world: TranslationWorld;
  before(async () => {
    world = await startTranslationWorld();
  });
  after(() => world.close());

  test('three names German → English, published with lcid=1033: English has them, German is byte for byte unchanged', async () => {
    const target = await world.freshTarget();
    const germanBefore = await world.serverXml(target.id, 1031);
    const spanishBefore = await world.serverXml(target.id, 3082);
    const sheet = await world.translation.open(target);
    assert.equal(sheet.freshness, 'live');
    const three = names(sheet.rows).slice(0, 3);
    assert.equal(three.length, 3);
    const texts = ['Check the order (EN)', 'Ship the goods (EN)', 'Send the invoice (EN)'];
    await world.translation.save({
      id: target.id,
      source: 1031,
      target: 1033,
      edits: editsFor(three, texts),
    });

    const result = await world.translation.publish(target);
    assert.equal(result.outcome, 'published', result.error?.message ?? '');
    assert.deepEqual(result.notKept, []);
    assert.deepEqual(result.heldBack, []);
    assert.equal(result.published, 3);

    const english = await textsOf(await world.serverXml(target.id, 1033));
    three.forEach((row, i) => assert.equal(english.get(row.key), texts[i], row.key));
    assert.equal(await world.serverXml(target.id, 1031), germanBefore, 'the German export is unchanged');
    assert.equal(await world.serverXml(target.id, 3082), spanishBefore, 'the Spanish export is unchanged');

    // The workbench now shows them done, with nothing left to send.
    const reopened = await world.translation.open(target);
    for (const row of reopened.rows.filter((r) => three.some((t) => t.key === r.key))) {
      assert.equal(row.edit, null);
      assert.equal(rowState(row), 'done');
    }
    assert.equal(reopened.pending, null);
  });

  test('offline, the translation waits in the outbox; the next sync delivers it, once', async () => {
    const target = await world.freshTarget();
    const sheet = await world.translation.open(target);
    const [row] = names(sheet.rows);
    await world.translation.save({
      id: target.id,
      source: 1031,
      target: 1033,
      edits: editsFor([row!], ['Translated offline']),
    });
    world.breakService();
    const queued = await world.translation.publish(target);
    assert.equal(queued.outcome, 'queued');
    assert.equal(queued.sheet.freshness, 'cache', 'the workbench goes on from the cache');
    assert.equal(queued.sheet.rows.find((r) => r.key === row!.key)?.edit?.state, 'queued');
    assert.notEqual(
      (await textsOf(await exportIgnoringFaults(world, target.id))).get(row!.key),
      'Translated offline',
    );

    await world.restore();
    const first = await world.sync.run({ send: true, pull: false });
    assert.equal(first.sent?.done, 1);
    assert.equal((await textsOf(await world.serverXml(target.id, 1033))).get(row!.key), 'Translated offline');
    const second = await world.sync.run({ send: true, pull: false });
    assert.equal(second.sent?.done, 0, 'nothing is sent twice');
    const reopened = await world.translation.open(target);
    assert.equal(reopened.rows.find((r) => r.key === row!.key)?.edit, null);
  });

  test('a German change on the service meanwhile does not block an English publish and is kept', async () => {
    const target = await world.freshTarget();
    const sheet = await world.translation.open(target);
    const [first, second] = names(sheet.rows);
    await world.translation.save({
      id: target.id,
      source: 1031,
      target: 1033,
      edits: editsFor([first!], ['English while German changed']),
    });
    // A colleague renames another element in German, directly on the service.
    await world.otherClient(
      target.id,
      1031,
      async (xml) => (await withTexts(xml, [{ key: second!.key, text: 'Von einer Kollegin geändert' }])).xml,
    );
    const germanAfterColleague = await world.serverXml(target.id, 1031);
    const result = await world.translation.publish(target);
    assert.equal(result.outcome, 'published', result.error?.message ?? '');
    assert.equal(
      (await textsOf(await world.serverXml(target.id, 1033))).get(first!.key),
      'English while German changed',
    );
    assert.equal(
      await world.serverXml(target.id, 1031),
      germanAfterColleague,
      'the colleague’s German stays',
    );
    const reopened = await world.translation.open(target);
    assert.equal(reopened.rows.find((r) => r.key === second!.key)?.source, 'Von einer Kollegin geändert');
  });

  test('an English text the service changed meanwhile is held back, never overwritten, and stays the translator’s', async () => {
    const target = await world.freshTarget();
    const sheet = await world.translation.open(target);
    const [mine, theirs] = names(sheet.rows);
    await world.translation.save({
      id: target.id,
      source: 1031,
      target: 1033,
      edits: editsFor([mine!, theirs!], ['Mine only', 'Mine, but they changed it']),
    });
    await world.otherClient(
      target.id,
      1033,
      async (xml) => (await withTexts(xml, [{ key: theirs!.key, text: 'Theirs' }])).xml,
    );
    const result = await world.translation.publish(target);
    assert.equal(result.outcome, 'published');
    assert.deepEqual(result.heldBack, [theirs!.key]);
    const english = await textsOf(await world.serverXml(target.id, 1033));
    assert.equal(english.get(mine!.key), 'Mine only');
    assert.equal(english.get(theirs!.key), 'Theirs', 'their text is not overwritten');
    const row = result.sheet.rows.find((r) => r.key === theirs!.key)!;
    assert.equal(row.edit?.text, 'Mine, but they changed it', 'the translator’s text is kept');
    assert.ok(changedOnService(row));
  });

  test('states: missing, same as source, and out of date once the source changes after a translation', async () => {
    const target = await world.freshTarget();
    const sheet = await world.translation.open(target);
    // Tasks: a process posted without a name keeps it (docs/emulator.md), a task's is removed.
    const [a, b, c] = names(sheet.rows).filter((row) => row.type === 'bpmn:Task');
    await world.otherClient(
      target.id,
      1033,
      async (xml) =>
        (
          await withTexts(xml, [
            { key: a!.key, text: null },
            { key: b!.key, text: b!.source },
          ])
        ).xml,
    );
    await world.translation.save({
      id: target.id,
      source: 1031,
      target: 1033,
      edits: editsFor([c!], ['Translated before the source changed']),
    });
    assert.equal((await world.translation.publish(target)).outcome, 'published');
    await world.otherClient(
      target.id,
      1031,
      async (xml) => (await withTexts(xml, [{ key: c!.key, text: 'Neuer deutscher Text' }])).xml,
    );
    const rows = new Map((await world.translation.open(target)).rows.map((row) => [row.key, row]));
    assert.equal(rowState(rows.get(a!.key)!), 'missing');
    assert.equal(rowState(rows.get(b!.key)!), 'same');
    assert.equal(rowState(rows.get(c!.key)!), 'outdated');
  });
});

/** The service's export while the test's fault rule refuses every request: read straight from the emulator. */
async function exportIgnoringFaults(world: TranslationWorld, id: string): Promise<string> {
  const { rules } = world.emulator.faults.list();
  world.emulator.faults.clear();
  try {
    return await world.serverXml(id, 1033);
  } finally {
    for (const rule of rules) world.emulator.faults.add(rule);
  }
}
