import { clientsFor, freshCacheDb } from './emulator-clients.test-support.ts';
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { createDispatcher } from '../api/http/dispatcher.ts';
import { HttpClient } from '../api/http/http-client.ts';
import { ProcessRequester } from '../api/process/process-requester.ts';
import { ProcessClient } from '../api/process/process-client.ts';
import { BpmnClient } from '../api/process/bpmn-client.ts';
import type { Db } from '../cache/database.ts';
import { OutboxService } from './outbox-service.ts';
import { SUPERSEDED } from './outbox-store.ts';
import { translateError } from '../../shared/i18n/translate.ts';
import type { OutboxClients } from './service-view.ts';
import type { Element } from '../../shared/domain/process.ts';

describe('publishing drafts through the outbox against the emulator', () => {
  let emulator: RunningEmulator;
  let service: OutboxClients;
  /** The clients the outbox sends through (a test swaps in counting or refused ones). */
  let clients: OutboxClients;
  let outbox: OutboxService;
  let db: Db;
  let target: Element;
  const FACET = 'processes';
  const VIEW = 'processList';

  before(async () => {
    emulator = await startEmulator({ seed: 'demo', quiet: true });
    const c = emulator.config;
    const { process, bpmn } = clientsFor(c, { retry: { maxAttempts: 1 } });
    service = clients = { process, bpmn };
    const list = await process.listAllElements(FACET, VIEW);
    target = list.find((e) => e.state === 'inProcess' && e.type === 'process')!;
    db = await freshCacheDb('lanes-outbox-');
    // As the CLI has it: a clean merge is sent, not held for review.
    outbox = new OutboxService({ db, clients: () => clients, reviewMerges: false, random: () => 0.5 });
  });
  after(async () => {
    db.close();
    await emulator.close();
  });
  beforeEach(() => {
    emulator.faults.clear();
    clients = service;
  });
  const send = () => outbox.send('cli');
  const publish = (elementId = target.id, options: { newVersion?: boolean } = {}) =>
    outbox.publish({ elementId, culture: 1033, facet: FACET, view: VIEW }, options);

  /** What a modeler's editor would do: open the server's version, change it, save a draft. */
  async function saveDraft(change: (xml: string) => string): Promise<string> {
    const element = await service.process.getElement(FACET, VIEW, target.id);
    const baseXml = await service.bpmn.exportBpmn(target.id, 1033);
    const localXml = change(baseXml);
    assert.notEqual(localXml, baseXml, 'the edit changed something');
    outbox.drafts.discard(target.id, 1033);
    outbox.drafts.save({
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
    const xml = await service.bpmn.exportBpmn(target.id, 1033);
    await service.bpmn.importBpmn(target.id, 1033, change(xml));
  }

  test('a published draft reaches the service and the draft is gone', async () => {
    await saveDraft(renameNth(0, 'Published name'));
    publish();
    const report = await send();
    assert.equal(report.done, 1);
    assert.ok(taskNames(await service.bpmn.exportBpmn(target.id, 1033)).includes('Published name'));
    assert.equal(outbox.drafts.get(target.id, 1033), undefined);
  });

  test('a server change that does not overlap is merged: both changes arrive', async () => {
    await saveDraft(renameNth(0, 'Mine, first task'));
    await otherClient(renameNth(1, 'Theirs, second task'));
    publish();
    const report = await send();
    assert.equal(report.merged, 1);
    assert.equal(report.done, 1);
    const names = taskNames(await service.bpmn.exportBpmn(target.id, 1033));
    assert.ok(names.includes('Mine, first task') && names.includes('Theirs, second task'), names.join(', '));
  });

  test('an overlapping server change becomes a conflict and the server copy stays untouched', async () => {
    await saveDraft(renameNth(0, 'Mine wins?'));
    await otherClient(renameNth(0, 'Theirs wins?'));
    const before = await service.bpmn.exportBpmn(target.id, 1033);
    publish();
    const report = await send();
    assert.equal(report.conflicts, 1);
    assert.equal(await service.bpmn.exportBpmn(target.id, 1033), before);
    const [conflict] = outbox.conflicts.open();
    assert.ok(conflict);
    assert.deepEqual(
      conflict.changes.overlaps.map((o) => o.mine),
      ['changed'],
    );
    assert.ok(taskNames(conflict.theirsXml).includes('Theirs wins?'));
    assert.ok(taskNames(conflict.mineXml).includes('Mine wins?'));
    outbox.conflicts.markResolved(conflict.id, 'theirs');
    outbox.outbox.markFailed(conflict.opId, SUPERSEDED);
  });

  test('while the service is unreachable the operation waits, and it is sent once it is back', async () => {
    await saveDraft(renameNth(0, 'Sent after the outage'));
    const op = publish();
    emulator.faults.add({ route: '*', failRate: 1, status: 503 });
    const during = await send();
    assert.equal(during.retrying, 1);
    assert.equal(outbox.outbox.get(op.opId)!.state, 'queued');
    emulator.faults.clear();
    outbox.outbox.requeue(op.opId);
    const after = await send();
    assert.equal(after.done, 1);
    assert.ok(taskNames(await service.bpmn.exportBpmn(target.id, 1033)).includes('Sent after the outage'));
  });

  test('an import whose answer was lost is checked, not sent twice', async () => {
    await saveDraft(renameNth(0, 'Arrived despite the reset'));
    const op = publish();
    let imports = 0;
    const counting = {
      exportBpmn: (...args: Parameters<typeof service.bpmn.exportBpmn>) => service.bpmn.exportBpmn(...args),
      importBpmn: (...args: Parameters<typeof service.bpmn.importBpmn>) => {
        imports++;
        return service.bpmn.importBpmn(...args);
      },
    } as unknown as typeof service.bpmn;
    clients = { process: service.process, bpmn: counting };
    emulator.faults.add({ route: '*/_api/v1/bpmn/*', method: 'POST', resetRate: 1, count: 1 });
    await send();
    assert.equal(outbox.outbox.get(op.opId)!.state, 'unknown');
    assert.equal(imports, 1);
    const report = await send();
    assert.equal(report.done, 1);
    assert.equal(imports, 1, 'the check found it applied; it was not sent again');
    assert.ok(
      taskNames(await service.bpmn.exportBpmn(target.id, 1033)).includes('Arrived despite the reset'),
    );
  });

  test('a released process refuses the import with an explanation; publishing with a new version first works', async () => {
    let found: Element | undefined;
    for (const candidate of await service.process.listAllElements(FACET, VIEW)) {
      if (candidate.state !== 'released' || candidate.type !== 'process') continue;
      if (taskNames(await service.bpmn.exportBpmn(candidate.id, 1033)).length > 0) {
        found = candidate;
        break;
      }
    }
    assert.ok(found, 'the demo seed has a released process with tasks');
    const released = found;
    const element = await service.process.getElement(FACET, VIEW, released.id);
    const baseXml = await service.bpmn.exportBpmn(released.id, 1033);
    const localXml = renameNth(0, 'Edited in a new version')(baseXml);
    const draft = {
      elementId: released.id,
      culture: 1033,
      baseVersionId: element.versionId ?? null,
      baseChangedOn: element.attributes.changedOn?.['127'] ?? null,
      baseXml,
      localXml,
    };
    outbox.drafts.save(draft);
    const plain = publish(released.id);
    const refused = await send();
    assert.equal(refused.failed, 1);
    const why = outbox.outbox.get(plain.opId)!.lastError;
    assert.equal(why?.code, 'outbox.released');
    assert.deepEqual(why?.params, { state: 'released' });

    const versionsBefore = (await service.process.listVersions(FACET, VIEW, released.id)).length;
    // One operation: the new version is made, then the draft is imported into it.
    const intoNewVersion = publish(released.id, { newVersion: true });
    const report = await send();
    assert.equal(outbox.outbox.get(intoNewVersion.opId)!.state, 'done', JSON.stringify(report));
    assert.equal((await service.process.listVersions(FACET, VIEW, released.id)).length, versionsBefore + 1);
    assert.ok(
      taskNames(await service.bpmn.exportBpmn(released.id, 1033)).includes('Edited in a new version'),
    );
    const now = await service.process.getElement(FACET, VIEW, released.id);
    assert.equal(now.state, 'inProcess');
    assert.notEqual(now.versionId, element.versionId);
  });

  test('a transition queued offline that is no longer available fails with an explanation', async () => {
    const [op] = outbox.outbox.enqueue([
      {
        elementId: target.id,
        kind: 'transition',
        payload: { transitionId: 'ReleasedToRequestToExpire', ignoreWarnings: false, targetState: null },
        base: { facet: FACET, view: VIEW, versionId: null, changedOn: null },
      },
    ]);
    const report = await send();
    assert.equal(report.failed, 1);
    const why = outbox.outbox.get(op!.opId)!.lastError;
    assert.equal(why?.code, 'outbox.transitionUnavailable');
    assert.deepEqual(why?.params, {
      transitionId: 'ReleasedToRequestToExpire',
      targetState: 'ReleasedToRequestToExpire',
      state: 'inProcess',
    });
    assert.equal(
      translateError('de', why!),
      'Der Wechsel nach „ReleasedToRequestToExpire“ ist nicht mehr möglich: Das Element ist jetzt im Status „In Bearbeitung“.',
    );
  });

  test('refused credentials pause the whole queue, losing nothing', async () => {
    await saveDraft(renameNth(0, 'After new credentials'));
    const op = publish();
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
    clients = { process: new ProcessClient(wrong), bpmn: new BpmnClient(wrong) };
    const paused = await send();
    assert.equal(paused.pausedBy?.code, 'api.unauthorized');
    assert.equal(paused.pausedBy?.params.credential, 'authToken');
    assert.match(translateError('de', paused.pausedBy!), /^Der Dienst hat das Auth-Token für .* abgelehnt/);
    assert.equal(outbox.outbox.get(op.opId)!.state, 'queued');
    clients = service;
    const resumed = await send();
    assert.equal(resumed.done, 1);
  });
});
