import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TranslationCoverage } from '../../shared/domain/translation.ts';
import { withTexts } from '../bpmn/translatable-texts.ts';
import { ReportsService } from './reports-service.ts';
import {
  editsFor,
  startTranslationWorld,
  type TranslationWorld,
} from '../translation/translation-world.test-support.ts';

function totals(coverage: TranslationCoverage, facet: string, lcid: number) {
  const sum = { translated: 0, same: 0, outdated: 0, missing: 0, processes: 0, complete: 0 };
  for (const process of coverage.facets.find((f) => f.facet === facet)?.processes ?? []) {
    const counts = process.cultures[String(lcid)]!;
    for (const key of ['translated', 'same', 'outdated', 'missing'] as const) sum[key] += counts[key];
    sum.processes++;
    if (counts.missing === 0 && counts.outdated === 0) sum.complete++;
  }
  return sum;
}

describe('translation coverage in the reports, against the emulator', () => {
  let world: TranslationWorld;
  let reports: ReportsService;
  before(async () => {
    world = await startTranslationWorld();
    reports = new ReportsService({ session: world.current, outboxes: world.outboxes });
  });
  after(() => world.close());

  test('per facet and culture: the demo’s English is complete, its Spanish is not; a translation and a source change count', async () => {
    const first = await reports.translationCoverage({ source: 1031 });
    assert.deepEqual(first.targets, [1033, 3082]);
    assert.deepEqual(
      first.facets.map((f) => f.facet),
      ['processes'],
    );
    const english = totals(first, 'processes', 1033);
    const spanish = totals(first, 'processes', 3082);
    assert.equal(english.missing, 0);
    assert.ok(english.processes > 20, `${english.processes} processes`);
    assert.equal(english.complete, english.processes);
    assert.ok(spanish.missing > 0, 'every third seeded activity has no Spanish name');
    assert.ok(spanish.complete < spanish.processes);

    // Translate one missing Spanish name and publish it; make one English text out of date.
    const target = { ...(await world.freshTarget()), target: 3082 as const };
    const sheet = await world.translation.open(target);
    const missing = sheet.rows.find((row) => row.server === null && row.source !== null)!;
    await world.translation.save({
      id: target.id,
      source: 1031,
      target: 3082,
      edits: editsFor([missing], ['Traducido']),
    });
    assert.equal((await world.translation.publish(target)).outcome, 'published');
    const englishSheet = await world.translation.open({ ...target, target: 1033 });
    const task = englishSheet.rows.find((row) => row.type === 'bpmn:Task')!;
    await world.translation.save({
      id: target.id,
      source: 1031,
      target: 1033,
      edits: editsFor([task], ['Recorded in English']),
    });
    assert.equal((await world.translation.publish({ ...target, target: 1033 })).outcome, 'published');
    await world.otherClient(
      target.id,
      1031,
      async (xml) => (await withTexts(xml, [{ key: task.key, text: 'Neue Quelle' }])).xml,
    );

    const after = await reports.translationCoverage({ source: 1031, fresh: true });
    assert.equal(totals(after, 'processes', 3082).missing, spanish.missing - 1);
    assert.equal(totals(after, 'processes', 1033).outdated, 1);
    const row = after.facets[0]!.processes.find((p) => p.id === target.id)!;
    assert.equal(row.cultures['1033']!.outdated, 1);
    assert.equal(after.cachedSince, null, 'counted live');
  });
});
