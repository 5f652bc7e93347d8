/**
 * What a translation's verification names when the service does not keep a
 * text (the emulator keeps every name it stores, so the service is faked at
 * its one seam, the clients), that a text changed meanwhile is held back, and
 * that the texts stay the translator's. Sent by the real outbox service.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NotKeptItem } from '../../../shared/domain/editor.ts';
import { openDatabase } from '../../cache/database.ts';
import { migrations } from '../../app/cache-schema.ts';
import { createMemoryLogger } from '../../log/logger.ts';
import { OutboxService } from '../outbox-service.ts';
import type { OutboxClients } from '../service-view.ts';

const doc = (names: Record<string, string | null>): string => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="t">
  <bpmn:process id="P">
    ${Object.entries(names)
      .map(([id, name]) => `<bpmn:task id="${id}"${name === null ? '' : ` name="${name}"`} />`)
      .join('\n    ')}
  </bpmn:process>
</bpmn:definitions>`;

test('a text the service does not keep is named, and stays a draft; a text changed meanwhile is held back', async () => {
  const { db } = await openDatabase(
    join(mkdtempSync(join(tmpdir(), 'lanes-translation-')), 'cache.db'),
    migrations,
    createMemoryLogger(),
  );
  let imported = '';
  const exports = [
    // Before: C was changed by someone else meanwhile.
    doc({ A: null, B: null, C: 'Theirs' }),
    // After: the service kept A, cut B.
    doc({ A: 'Kept', B: 'Cut off', C: 'Theirs' }),
  ];
  const clients = {
    process: { getElement: async () => ({ id: 'p', type: 'process', state: 'inProcess', attributes: {} }) },
    bpmn: {
      exportBpmn: async (_id: string, lcid: number) => {
        assert.equal(lcid, 1033, 'only the target culture is read');
        return exports.shift()!;
      },
      importBpmn: async (_id: string, lcid: number, xml: string) => {
        assert.equal(lcid, 1033, 'only the target culture is written');
        imported = xml;
        return 'ok';
      },
    },
  } as unknown as OutboxClients;
  const service = new OutboxService({ db, clients: () => clients, reviewMerges: true });
  const store = service.translations;
  store.save('p', 1033, 1031, [
    { item: 'A#name', text: 'Kept', base: null, source: 'Behalten' },
    { item: 'B#name', text: 'Cut off by the service', base: null, source: 'Gekürzt' },
    { item: 'C#name', text: 'Mine', base: 'Old', source: 'Meins' },
  ]);
  const [op] = service.outbox.enqueue([
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
  let notKept: NotKeptItem[] | null | undefined;
  const report = await service.send('editor', {
    onEvent: (event) => {
      if (event.type === 'done') notKept = event.notKept;
    },
  });
  assert.equal(report.done, 1);
  assert.match(imported, /name="Theirs"/, 'their change is not overwritten');
  assert.match(imported, /name="Kept"/);
  const sent = service.outbox.get(op!.opId)!;
  assert.equal(sent.kind, 'translation');
  if (sent.kind === 'translation') assert.deepEqual(sent.payload.prepared?.heldBack, ['C#name']);
  assert.deepEqual(notKept, [
    { id: 'B', kind: 'bpmn:Task', name: 'Cut off by the service', property: 'name' },
  ]);
  const after = store.all('p', 1033);
  assert.equal(after.get('A#name')?.state, 'published');
  assert.equal(after.get('B#name')?.state, 'draft', 'a text not kept is never dropped');
  assert.equal(after.get('C#name')?.state, 'draft');
});
