import { clientsFor } from './emulator-clients.test-support.ts';
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { createDispatcher } from '../api/http/dispatcher.ts';
import { HttpClient } from '../api/http/http-client.ts';
import { ProcessRequester } from '../api/process/process-requester.ts';
import { ProcessClient } from '../api/process/process-client.ts';
import { BpmnClient } from '../api/process/bpmn-client.ts';
import { openDatabase, type Db } from '../cache/database.ts';
import { migrations } from '../cache/schema.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { DraftStore } from './draft-store.ts';
import { OutboxStore } from './outbox-store.ts';
import { ConflictStore } from './conflict-store.ts';
import { publishDraft } from './publish.ts';
import { pushOutbox, type PushDependencies } from './push-engine.ts';
import type { Element } from '../../shared/domain/process.ts';

describe('publishing drafts through the outbox against the emulator', () => {
  let emulator: RunningEmulator;
  let deps: PushDependencies;
  let db: Db;
  let target: Element;
  const FACET = 'processes';
  const VIEW = 'processList';

  before(async () => {
    emulator = await startEmulator({ seed: 'demo', quiet: true });
    const c = emulator.config;
    const { process, bpmn } = clientsFor(c, { retry: { maxAttempts: 1 } });
    const list = await process.listAllElements(FACET, VIEW);
    target = list.find((e) => e.state === 'inProcess' && e.type === 'process')!;
    db = (
      await openDatabase(
        join(mkdtempSync(join(tmpdir(), 'lanes-push-')), 'cache.db'),
        migrations,
        createMemoryLogger(),
      )
    ).db;
    deps = {
      outbox: new OutboxStore(db),
      drafts: new DraftStore(db),
      conflicts: new ConflictStore(db),
      process,
      bpmn,
      random: () => 0.5,
    };
  });
  after(async () => {
    db.close();
    await emulator.close();
  });
  beforeEach(() => emulator.faults.clear());

  /** What a modeler's editor would do: open the server's version, change it, save a draft. */
  async function saveDraft(change: (xml: string) => string): Promise<string> {
    const element = await deps.process.getElement(FACET, VIEW, target.id);
    const baseXml = await deps.bpmn.exportBpmn(target.id, 1033);
    const localXml = change(baseXml);
    assert.notEqual(localXml, baseXml, 'the edit changed something');
    deps.drafts.discard(target.id, 1033);
    deps.drafts.save({
      elementId: target.id,
      culture: 1033,
      baseVersionId: element.versionId ?? null,
      baseChangedOn: element.attributes.changedOn?.['127'] ?? null,
      baseXml,
      localXml,
    });
    return baseXml;
  }
  const taskNames = (xml: string): string[] =>
    [...xml.matchAll(/<bpmn:task id="[^"]+" name="([^"]+)"/g)].map((m) => m[1]!);
  const renameNth =
    (n: number, to: string) =>
    (xml: string): string => {
      const name = taskNames(xml)[n]!;
      return xml.replace(`name="${name}"`, `name="${to}"`);
    };
  /** Another client changes the same process directly on the service. */
  async function otherClient(change: (xml: string) => string): Promise<void> {
    const xml = await deps.bpmn.exportBpmn(target.id, 1033);
    await deps.bpmn.importBpmn(target.id, 1033, change(xml));
  }

  test('a published draft reaches the service and the draft is gone', async () => {
    await saveDraft(renameNth(0, 'Published name'));
    publishDraft(deps.outbox, deps.drafts, { elementId: target.id, culture: 1033, facet: FACET, view: VIEW });
    const report = await pushOutbox(deps);
    assert.equal(report.done, 1);
    assert.ok(taskNames(await deps.bpmn.exportBpmn(target.id, 1033)).includes('Published name'));
    assert.equal(deps.drafts.get(target.id, 1033), undefined);
  });

  test('a server change that does not overlap is merged: both changes arrive', async () => {
    await saveDraft(renameNth(0, 'Mine, first task'));
    await otherClient(renameNth(1, 'Theirs, second task'));
    publishDraft(deps.outbox, deps.drafts, { elementId: target.id, culture: 1033, facet: FACET, view: VIEW });
    const report = await pushOutbox(deps);
    assert.equal(report.merged, 1);
    assert.equal(report.done, 1);
    const names = taskNames(await deps.bpmn.exportBpmn(target.id, 1033));
    assert.ok(names.includes('Mine, first task') && names.includes('Theirs, second task'), names.join(', '));
  });

  test('an overlapping server change becomes a conflict and the server copy stays untouched', async () => {
    await saveDraft(renameNth(0, 'Mine wins?'));
    await otherClient(renameNth(0, 'Theirs wins?'));
    const before = await deps.bpmn.exportBpmn(target.id, 1033);
    publishDraft(deps.outbox, deps.drafts, { elementId: target.id, culture: 1033, facet: FACET, view: VIEW });
    const report = await pushOutbox(deps);
    assert.equal(report.conflicts, 1);
    assert.equal(await deps.bpmn.exportBpmn(target.id, 1033), before);
    const [conflict] = deps.conflicts.open();
    assert.ok(conflict);
    assert.deepEqual(
      conflict.changes.overlaps.map((o) => o.mine),
      ['changed'],
    );
    assert.ok(taskNames(conflict.theirsXml).includes('Theirs wins?'));
    assert.ok(taskNames(conflict.mineXml).includes('Mine wins?'));
    deps.conflicts.markResolved(conflict.id, 'theirs');
    deps.outbox.markFailed(conflict.opId, 'Superseded: the server version was kept.');
  });

  test('while the service is unreachable the operation waits, and it is sent once it is back', async () => {
    await saveDraft(renameNth(0, 'Sent after the outage'));
    const [op] = publishDraft(deps.outbox, deps.drafts, {
      elementId: target.id,
      culture: 1033,
      facet: FACET,
      view: VIEW,
    });
    emulator.faults.add({ route: '*', failRate: 1, status: 503 });
    const during = await pushOutbox(deps);
    assert.equal(during.retrying, 1);
    assert.equal(deps.outbox.get(op!.opId)!.state, 'queued');
    emulator.faults.clear();
    deps.outbox.requeue(op!.opId);
    const after = await pushOutbox(deps);
    assert.equal(after.done, 1);
    assert.ok(taskNames(await deps.bpmn.exportBpmn(target.id, 1033)).includes('Sent after the outage'));
  });

  test('an import whose answer was lost is checked, not sent twice', async () => {
    await saveDraft(renameNth(0, 'Arrived despite the reset'));
    const [op] = publishDraft(deps.outbox, deps.drafts, {
      elementId: target.id,
      culture: 1033,
      facet: FACET,
      view: VIEW,
    });
    let imports = 0;
    const counting = {
      exportBpmn: (...args: Parameters<typeof deps.bpmn.exportBpmn>) => deps.bpmn.exportBpmn(...args),
      importBpmn: (...args: Parameters<typeof deps.bpmn.importBpmn>) => {
        imports++;
        return deps.bpmn.importBpmn(...args);
      },
    } as unknown as typeof deps.bpmn;
    emulator.faults.add({ route: '*/_api/v1/bpmn/*', method: 'POST', resetRate: 1, count: 1 });
    await pushOutbox({ ...deps, bpmn: counting });
    assert.equal(deps.outbox.get(op!.opId)!.state, 'unknown');
    assert.equal(imports, 1);
    db.prepare('UPDATE outbox SET next_attempt_at = ? WHERE op_id = ?').run(
      new Date(0).toISOString(),
      op!.opId,
    );
    const report = await pushOutbox({ ...deps, bpmn: counting });
    assert.equal(report.done, 1);
    assert.equal(imports, 1, 'the check found it applied; it was not sent again');
    assert.ok(taskNames(await deps.bpmn.exportBpmn(target.id, 1033)).includes('Arrived despite the reset'));
  });

  test('a released process refuses the import with an explanation; publishing with a new version first works', async () => {
    let found: Element | undefined;
    for (const candidate of await deps.process.listAllElements(FACET, VIEW)) {
      if (candidate.state !== 'released' || candidate.type !== 'process') continue;
      if (taskNames(await deps.bpmn.exportBpmn(candidate.id, 1033)).length > 0) {
        found = candidate;
        break;
      }
    }
    assert.ok(found, 'the demo seed has a released process with tasks');
    const released = found;
    const element = await deps.process.getElement(FACET, VIEW, released.id);
    const baseXml = await deps.bpmn.exportBpmn(released.id, 1033);
    const localXml = renameNth(0, 'Edited in a new version')(baseXml);
    const draft = {
      elementId: released.id,
      culture: 1033,
      baseVersionId: element.versionId ?? null,
      baseChangedOn: element.attributes.changedOn?.['127'] ?? null,
      baseXml,
      localXml,
    };
    deps.drafts.save(draft);
    const [plain] = publishDraft(deps.outbox, deps.drafts, {
      elementId: released.id,
      culture: 1033,
      facet: FACET,
      view: VIEW,
    });
    const refused = await pushOutbox(deps);
    assert.equal(refused.failed, 1);
    assert.match(
      deps.outbox.get(plain!.opId)!.lastError ?? '',
      /released .* create a new version, then publish again/,
    );

    const [version, publish] = publishDraft(
      deps.outbox,
      deps.drafts,
      { elementId: released.id, culture: 1033, facet: FACET, view: VIEW },
      { newVersion: true },
    );
    const report = await pushOutbox(deps);
    assert.equal(deps.outbox.get(version!.opId)!.state, 'done');
    // The new version changed the element; the import merges onto it (nothing else changed) and is sent.
    assert.equal(deps.outbox.get(publish!.opId)!.state, 'done', JSON.stringify(report));
    assert.ok(taskNames(await deps.bpmn.exportBpmn(released.id, 1033)).includes('Edited in a new version'));
  });

  test('a transition queued offline that is no longer available fails with an explanation', async () => {
    const [op] = deps.outbox.enqueue([
      {
        elementId: target.id,
        kind: 'transition',
        payload: { transitionId: 'ReleasedToRequestToExpire', ignoreWarnings: false, targetState: null },
        base: { facet: FACET, view: VIEW, versionId: null, changedOn: null },
      },
    ]);
    const report = await pushOutbox(deps);
    assert.equal(report.failed, 1);
    assert.match(
      deps.outbox.get(op!.opId)!.lastError ?? '',
      /ReleasedToRequestToExpire is no longer available: the element is now inProcess/,
    );
  });

  test('refused credentials pause the whole queue, losing nothing', async () => {
    await saveDraft(renameNth(0, 'After new credentials'));
    const [op] = publishDraft(deps.outbox, deps.drafts, {
      elementId: target.id,
      culture: 1033,
      facet: FACET,
      view: VIEW,
    });
    const c = emulator.config;
    const wrong = new ProcessRequester(
      new HttpClient({ dispatcher: createDispatcher({}), retry: { maxAttempts: 1 } }),
      {
        baseUrl: c.processBaseUrl,
        collectionId: c.collectionId,
        storageId: c.storageId,
        authToken: 'expired-token-000',
        bpmnToken: 'expired-token-000',
      },
    );
    const paused = await pushOutbox({
      ...deps,
      process: new ProcessClient(wrong),
      bpmn: new BpmnClient(wrong),
    });
    assert.match(paused.pausedBy ?? '', /refused the auth token/);
    assert.equal(deps.outbox.get(op!.opId)!.state, 'queued');
    const resumed = await pushOutbox({ ...deps, dueBy: new Date('9999-12-31T23:59:59Z') });
    assert.equal(resumed.done, 1);
  });
});
