import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../cache/database.ts';
import { migrations } from '../app/cache-schema.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { OutboxStore, SUPERSEDED } from './outbox-store.ts';
import { DraftStore } from './draft-store.ts';
import { errorData, type LanesErrorData } from '../../shared/ipc/errors.ts';

async function open() {
  const { db } = await openDatabase(
    join(mkdtempSync(join(tmpdir(), 'lanes-outbox-')), 'cache.db'),
    migrations,
    createMemoryLogger(),
  );
  return { db, outbox: new OutboxStore(db), drafts: new DraftStore(db) };
}
const base = { facet: 'processes', view: 'processList', versionId: 'v1', changedOn: 't1' };
const anImport = { culture: 1033, xml: '<m/>', baseXml: '<b/>', originalXml: '<m/>' };
/** A stored error for the tests that only need some reason. */
const why = (text: string): LanesErrorData => errorData('api.serviceError', text, { serviceMessage: text });
const aTransition = { transitionId: 'X', ignoreWarnings: false, targetState: null };

test('entries of one element run in order; a conflict holds back only its element', async () => {
  const { db, outbox } = await open();
  const ids = (): string[] => outbox.runnable().map((op) => op.opId);
  const [a1] = outbox.enqueue([{ elementId: 'a', kind: 'transition', payload: aTransition, base }]);
  const [a2] = outbox.enqueue([{ elementId: 'a', kind: 'createVersion', payload: {}, base }]);
  const [b1] = outbox.enqueue([{ elementId: 'b', kind: 'createVersion', payload: {}, base }]);
  assert.deepEqual(ids(), [a1!.opId, b1!.opId]);
  outbox.markConflict(a1!.opId, why('changed on the server'));
  assert.deepEqual(ids(), [b1!.opId], 'a2 waits behind the conflicting a1');
  outbox.markDone(b1!.opId);
  outbox.requeue(a1!.opId);
  outbox.markDone(a1!.opId);
  assert.deepEqual(ids(), [a2!.opId]);
  outbox.markFailed(a2!.opId, why('no longer available'));
  const [a3] = outbox.enqueue([{ elementId: 'a', kind: 'createVersion', payload: {}, base }]);
  assert.deepEqual(ids(), [a3!.opId], 'a failure is final and does not block');
  db.close();
});

test('an operation whose prerequisite failed does not run', async () => {
  const { db, outbox } = await open();
  const [version, publish] = outbox.enqueue([
    { elementId: 'p', kind: 'createVersion', payload: {}, base },
    { elementId: 'p', kind: 'bpmnImport', payload: anImport, base },
  ]);
  outbox.markFailed(version!.opId, why('refused'));
  assert.deepEqual(outbox.runnable(), []);
  assert.equal(outbox.get(publish!.opId)!.state, 'queued');
  db.close();
});

test('operations enqueued together depend on each other, and the draft is saved in the same transaction', async () => {
  const { db, outbox, drafts } = await open();
  const [version, publish] = outbox.enqueue(
    [
      { elementId: 'p', kind: 'createVersion', payload: {}, base },
      { elementId: 'p', kind: 'bpmnImport', payload: anImport, base },
    ],
    () =>
      drafts.save({
        elementId: 'p',
        culture: 1033,
        baseVersionId: 'v1',
        baseChangedOn: 't1',
        baseXml: '<b/>',
        localXml: '<m/>',
      }),
  );
  assert.equal(publish!.dependsOn, version!.opId);
  assert.ok(drafts.get('p', 1033));
  assert.throws(() =>
    outbox.enqueue([{ elementId: 'p', kind: 'bogus' as never, payload: {}, base }], () =>
      drafts.save({
        elementId: 'q',
        culture: 1033,
        baseVersionId: null,
        baseChangedOn: null,
        baseXml: '',
        localXml: '',
      }),
    ),
  );
  assert.equal(drafts.get('q', 1033), undefined, 'a failed enqueue saves no draft either');
  db.close();
});

test('entries left sending by a crash become unknown, to be checked before any resend', async () => {
  const { db, outbox } = await open();
  const [op] = outbox.enqueue([{ elementId: 'a', kind: 'bpmnImport', payload: anImport, base }]);
  outbox.markSending(op!.opId);
  assert.equal(outbox.recoverInterrupted(), 1);
  assert.equal(outbox.get(op!.opId)!.state, 'unknown');
  assert.equal(outbox.get(op!.opId)!.attempts, 1);
  db.close();
});

test('a rescheduled entry is not runnable before its time', async () => {
  const { db, outbox } = await open();
  const [op] = outbox.enqueue([{ elementId: 'a', kind: 'createVersion', payload: {}, base }]);
  outbox.reschedule(op!.opId, why('busy'), new Date(Date.now() + 60_000));
  assert.deepEqual(outbox.runnable(), []);
  assert.equal(outbox.runnable(new Date(Date.now() + 61_000)).length, 1);
  db.close();
});

test('a stored payload that is not what its kind carries is failed with the reason, never sent, and reported', async () => {
  const { db, outbox } = await open();
  const [good] = outbox.enqueue([{ elementId: 'a', kind: 'createVersion', payload: {}, base }]);
  const [bad] = outbox.enqueue([{ elementId: 'b', kind: 'bpmnImport', payload: anImport, base }]);
  // An older version or a damaged file left a payload without its diagram.
  db.prepare('UPDATE outbox SET payload = ? WHERE op_id = ?').run('{"culture":"en"}', bad!.opId);
  assert.deepEqual(
    outbox.runnable().map((op) => op.opId),
    [good!.opId],
  );
  assert.equal(outbox.get(bad!.opId), undefined);
  const [damaged] = outbox.damaged();
  assert.equal(damaged?.opId, bad!.opId);
  assert.match(damaged!.reason, /damaged \(culture, xml, baseXml, originalXml\)/);
  const row = db.prepare('SELECT state, last_error FROM outbox WHERE op_id = ?').get(bad!.opId) as {
    state: string;
    last_error: string;
  };
  assert.equal(row.state, 'failed');
  assert.deepEqual(JSON.parse(row.last_error), {
    code: 'outbox.damagedPayload',
    message: `This queued change is damaged and cannot be sent: ${damaged!.reason}.`,
    params: {},
    details: [],
  });
  db.close();
});

test("one element's operations by kind, culture and state come from SQL, by the element's index", async () => {
  const { db, outbox } = await open();
  const de = { ...anImport, culture: 1031 };
  const translation = {
    culture: 1031,
    sourceCulture: 1033,
    edits: [{ key: 'p#name', base: 'a', text: 'b' }],
  };
  // Two elements, every kind, two cultures, and states along the way; the other element's rows interleave.
  const [v] = outbox.enqueue([{ elementId: 'p', kind: 'createVersion', payload: {}, base }]);
  const [en1] = outbox.enqueue([{ elementId: 'p', kind: 'bpmnImport', payload: anImport, base }]);
  outbox.enqueue([{ elementId: 'q', kind: 'bpmnImport', payload: anImport, base }]);
  const [de1] = outbox.enqueue([{ elementId: 'p', kind: 'bpmnImport', payload: de, base }]);
  const [tr] = outbox.enqueue([{ elementId: 'p', kind: 'translation', payload: translation, base }]);
  const [en2] = outbox.enqueue([
    { elementId: 'p', kind: 'bpmnImport', payload: { ...anImport, newVersion: true }, base },
  ]);
  outbox.enqueue([{ elementId: 'q', kind: 'transition', payload: aTransition, base }]);
  outbox.markDone(v!.opId);
  outbox.markDone(en1!.opId);
  outbox.markConflict(de1!.opId, why('changed on the server'));
  const ids = (ops: { opId: string }[]): string[] => ops.map((op) => op.opId);

  const english = outbox.ofElement('p', { kinds: ['bpmnImport'], culture: 1033 });
  assert.deepEqual(ids(english), [en1!.opId, en2!.opId], 'every state, oldest first');
  assert.equal(english.at(-1)!.payload.newVersion, true, 'typed by its kind');
  assert.deepEqual(ids(outbox.ofElement('p', { kinds: ['bpmnImport'], culture: 1031 })), [de1!.opId]);
  assert.deepEqual(
    ids(outbox.ofElement('p', { kinds: ['bpmnImport'], states: ['queued', 'sending', 'unknown'] })),
    [en2!.opId],
  );
  assert.deepEqual(ids(outbox.ofElement('p', { kinds: ['translation'], culture: 1031 })), [tr!.opId]);
  assert.deepEqual(ids(outbox.ofElement('p', { kinds: ['createVersion', 'bpmnImport'], states: ['done'] })), [
    v!.opId,
    en1!.opId,
  ]);
  assert.deepEqual(ids(outbox.ofElement('p', { states: ['conflict'] })), [de1!.opId]);
  assert.deepEqual(ids(outbox.ofElement('nobody')), []);
  // The definition it replaces: the whole outbox read and filtered by hand, for every combination asked.
  for (const elementId of ['p', 'q'])
    for (const kinds of [undefined, ['bpmnImport'], ['transition', 'createVersion']] as const)
      for (const culture of [undefined, 1033, 1031])
        for (const states of [undefined, ['queued'], ['done', 'conflict']] as const) {
          const byHand = outbox
            .list()
            .filter(
              (op) =>
                op.elementId === elementId &&
                (!kinds || (kinds as readonly string[]).includes(op.kind)) &&
                (culture === undefined || ('culture' in op.payload && op.payload.culture === culture)) &&
                (!states || (states as readonly string[]).includes(op.state)),
            );
          const query = outbox.ofElement(elementId, {
            ...(kinds ? { kinds } : {}),
            ...(culture !== undefined ? { culture } : {}),
            ...(states ? { states } : {}),
          });
          assert.deepEqual(ids(query), ids(byHand), JSON.stringify({ elementId, kinds, culture, states }));
        }
  // A damaged row is left out (and failed), as the whole list leaves it out.
  db.prepare('UPDATE outbox SET payload = ? WHERE op_id = ?').run('{"culture":1033}', en2!.opId);
  assert.deepEqual(ids(outbox.ofElement('p', { kinds: ['bpmnImport'], culture: 1033 })), [en1!.opId]);
  assert.equal(outbox.get(en2!.opId), undefined);
  // SQLite looks the element up by its index instead of reading the whole outbox.
  const plan = db
    .prepare('EXPLAIN QUERY PLAN SELECT * FROM outbox WHERE element_id = ? AND kind IN (?) ORDER BY seq')
    .all('p', 'bpmnImport') as { detail: string }[];
  assert.match(plan.map((row) => row.detail).join('\n'), /USING INDEX outbox_element/);
  db.close();
});

test("operations of different elements never wait for each other; one element's keep order per culture", async () => {
  const { db, outbox } = await open();
  const ids = (): string[] => outbox.runnable().map((op) => op.opId);
  // Enqueued together, as a screen changing many elements does: no chain across elements.
  const [a, b, c] = outbox.enqueue(
    ['a', 'b', 'c'].map((elementId) => ({
      elementId,
      kind: 'transition' as const,
      payload: aTransition,
      base,
    })),
  );
  assert.deepEqual(
    [a, b, c].map((op) => op!.dependsOn),
    [null, null, null],
  );
  assert.deepEqual(ids(), [a!.opId, b!.opId, c!.opId]);
  outbox.markFailed(a!.opId, errorData('api.badRequest', 'refused'));
  outbox.markConflict(b!.opId, errorData('outbox.changedOnServer', 'changed on the server'));
  assert.deepEqual(ids(), [c!.opId], "a refusal and a conflict hold back nothing of another element's");

  // One element: an English and a German publish are independent; a transition waits for both, and
  // what comes after the transition waits for it.
  const [en] = outbox.enqueue([{ elementId: 'p', kind: 'bpmnImport', payload: anImport, base }]);
  const [de] = outbox.enqueue([
    { elementId: 'p', kind: 'bpmnImport', payload: { ...anImport, culture: 1031 }, base },
  ]);
  const [release] = outbox.enqueue([{ elementId: 'p', kind: 'transition', payload: aTransition, base }]);
  const [enAfter] = outbox.enqueue([{ elementId: 'p', kind: 'bpmnImport', payload: anImport, base }]);
  const ofP = (): string[] =>
    outbox
      .runnable()
      .filter((op) => op.elementId === 'p')
      .map((op) => op.opId);
  assert.deepEqual(ofP(), [en!.opId, de!.opId]);
  outbox.markConflict(en!.opId, errorData('outbox.changedOnServer', 'changed on the server'));
  assert.deepEqual(ofP(), [de!.opId], 'the English conflict holds back only what follows in its element');
  outbox.requeue(en!.opId);
  outbox.markDone(en!.opId);
  outbox.markDone(de!.opId);
  assert.deepEqual(ofP(), [release!.opId]);
  outbox.markDone(release!.opId);
  assert.deepEqual(ofP(), [enAfter!.opId]);
  db.close();
});

test('a failure is stored as its code and parameters, and read back as the same data', async () => {
  const { db, outbox } = await open();
  const [op] = outbox.enqueue([{ elementId: 'a', kind: 'transition', payload: aTransition, base }]);
  const refused = errorData(
    'outbox.transitionUnavailable',
    'The change to released is no longer available.',
    {
      transitionId: 'X',
      targetState: 'released',
      state: 'released',
    },
  );
  outbox.markFailed(op!.opId, refused);
  assert.deepEqual(outbox.get(op!.opId)!.lastError, refused);
  assert.deepEqual(
    outbox.unfinished('a').map((o) => o.lastError?.code),
    ['outbox.transitionUnavailable'],
  );
  db.close();
});

test('a row an older Lanes failed with a plain sentence reads as a legacy error that shows the sentence', async () => {
  const { db, outbox } = await open();
  const [op] = outbox.enqueue([{ elementId: 'a', kind: 'createVersion', payload: {}, base }]);
  db.prepare("UPDATE outbox SET state = 'failed', last_error = ? WHERE op_id = ?").run(
    'The service refused it.',
    op!.opId,
  );
  assert.deepEqual(outbox.get(op!.opId)!.lastError, {
    code: 'outbox.legacy',
    message: 'The service refused it.',
    params: { text: 'The service refused it.' },
    details: [],
  });
  db.close();
});

test('an import dropped because the user kept the server version is no longer news, by its code', async () => {
  const { db, outbox } = await open();
  const [op] = outbox.enqueue([{ elementId: 'a', kind: 'bpmnImport', payload: anImport, base }]);
  outbox.markFailed(op!.opId, SUPERSEDED);
  assert.deepEqual(outbox.unfinished('a'), []);
  db.close();
});
