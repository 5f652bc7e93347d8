/**
 * What a translation's verification names when the service does not keep a
 * text (the emulator keeps every name it stores, so the service is faked at
 * its one seam, the BPMN client), and that the text stays the translator's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BpmnClient } from '../api/process/bpmn-client.ts';
import { openDatabase } from '../cache/database.ts';
import { migrations } from '../cache/schema.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { OutboxStore, type OperationOf } from './outbox-store.ts';
import { TranslationStore } from './translation-store.ts';
import {
  prepareTranslation,
  sendTranslation,
  settleTranslation,
  verifyTranslation,
} from './translation-push.ts';

const doc = (names: Record<string, string | null>): string => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="t">
  <bpmn:process id="P">
    ${Object.entries(names)
      .map(([id, name]) => `<bpmn:task id="${id}"${name === null ? '' : ` name="${name}"`} />`)
      .join('\n    ')}
  </bpmn:process>
</bpmn:definitions>`;

test('a text the service does not keep is named, and stays a draft; the others are published', async () => {
  const { db } = await openDatabase(
    join(mkdtempSync(join(tmpdir(), 'lanes-translation-')), 'cache.db'),
    migrations,
    createMemoryLogger(),
  );
  const store = new TranslationStore(db);
  store.save('p', 1033, 1031, [
    { item: 'A#name', text: 'Kept', base: null, source: 'Behalten' },
    { item: 'B#name', text: 'Cut off by the service', base: null, source: 'Gekürzt' },
    { item: 'C#name', text: 'Mine', base: 'Old', source: 'Meins' },
  ]);
  const [op] = new OutboxStore(db).enqueue([
    {
      elementId: 'p',
      kind: 'translation',
      payload: {
        culture: 1033,
        sourceCulture: 1031,
        edits: [
          { key: 'A#name', text: 'Kept', base: null },
          { key: 'B#name', text: 'Cut off by the service', base: null },
          { key: 'C#name', text: 'Mine', base: 'Old' },
        ],
      },
      base: { facet: 'processes', view: 'processList', versionId: null, changedOn: null },
    },
  ]);
  store.queue('p', 1033, ['A#name', 'B#name', 'C#name'], op!.opId);
  let imported = '';
  const exports = [
    // Before: C was changed by someone else meanwhile.
    doc({ A: null, B: null, C: 'Theirs' }),
    // After: the service kept A, cut B.
    doc({ A: 'Kept', B: 'Cut off', C: 'Theirs' }),
  ];
  const bpmn = {
    exportBpmn: async (_id: string, lcid: number) => {
      assert.equal(lcid, 1033, 'only the target culture is read');
      return exports.shift()!;
    },
    importBpmn: async (_id: string, lcid: number, xml: string) => {
      assert.equal(lcid, 1033, 'only the target culture is written');
      imported = xml;
      return 'ok';
    },
  } as unknown as BpmnClient;
  const translation = op as OperationOf<'translation'>;
  const prepared = await prepareTranslation(bpmn, translation);
  assert.deepEqual(prepared.applied, ['A#name', 'B#name']);
  assert.deepEqual(prepared.heldBack, ['C#name'], 'their change is not overwritten');
  await sendTranslation(bpmn, translation, prepared);
  assert.match(imported, /name="Theirs"/);
  let remembered = '';
  const verification = await verifyTranslation(bpmn, translation, prepared, (xml) => (remembered = xml));
  assert.deepEqual(verification?.lost, ['B#name']);
  assert.deepEqual(verification?.notKept, [
    { id: 'B', kind: 'bpmn:Task', name: 'Cut off by the service', property: 'name' },
  ]);
  assert.match(remembered, /Cut off/, 'the export read after is kept as the cached copy');
  settleTranslation(store, translation, prepared, verification);
  const after = store.all('p', 1033);
  assert.equal(after.get('A#name')?.state, 'published');
  assert.equal(after.get('B#name')?.state, 'draft', 'a text not kept is never dropped');
  assert.equal(after.get('C#name')?.state, 'draft');
});
