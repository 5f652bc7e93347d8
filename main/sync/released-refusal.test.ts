/**
 * A publish the service refuses because the process was released meanwhile
 * (issue 39, item 4), against the emulator over real HTTP: whether the check
 * before sending finds it released or the service answers the import with
 * 409 (released between the check and the import), the refusal is the same,
 * the cache learns the released state and what the user may do now (so the
 * editor offers "create a new version and publish into it" at once), the
 * draft is kept, and publishing into a new version is one operation, sent once.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ElementInfo, Element } from '../../shared/domain/process.ts';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import type { BpmnClient } from '../api/process/bpmn-client.ts';
import { CacheStore } from '../cache/cache-store.ts';
import type { Db } from '../cache/database.ts';
import { clientsFor, freshCacheDb } from './emulator-clients.test-support.ts';
import { OutboxService } from './outbox-service.ts';
import type { SendEvent } from './outbox-sender.ts';
import type { OutboxClients } from './service-view.ts';

const FACET = 'processes';
const VIEW = 'processList';

describe('a publish refused because the process was released meanwhile', () => {
  let emulator: RunningEmulator;
  let service: OutboxClients;
  let clients: OutboxClients;
  let db: Db;
  let cache: CacheStore;
  let outbox: OutboxService;
  const used = new Set<string>();

  before(async () => {
    emulator = await startEmulator({ seed: 'demo', quiet: true });
    service = clients = clientsFor(emulator.config, { retry: { maxAttempts: 1 } });
    db = await freshCacheDb('lanes-refusal-');
    cache = new CacheStore(db);
    outbox = new OutboxService({ db, clients: () => clients, cache, reviewMerges: true, random: () => 0.5 });
  });
  after(async () => {
    db.close();
    await emulator.close();
  });

  const taskNames = (xml: string): string[] =>
    [...xml.matchAll(/<bpmn:task id="[^"]+" name="([^"]+)"/g)].map((m) => m[1]!);

  /** An editable process no other test used, opened and changed as the editor would: a saved draft. */
  async function draftOnFreshProcess(name: string): Promise<Element> {
    for (const candidate of await service.process.listAllElements(FACET, VIEW)) {
      if (used.has(candidate.id) || candidate.state !== 'inProcess' || candidate.type !== 'process') continue;
      const baseXml = await service.bpmn.exportBpmn(candidate.id, 1033);
      const first = taskNames(baseXml)[0];
      if (!first) continue;
      used.add(candidate.id);
      const element = await service.process.getElement(FACET, VIEW, candidate.id);
      // As the editor opened it: the element and what the user may do with it are cached.
      cache.putDetail(candidate.id, 'info', await service.process.getInfo(FACET, VIEW, candidate.id));
      outbox.drafts.save({
        elementId: candidate.id,
        culture: 1033,
        baseVersionId: element.versionId ?? null,
        baseChangedOn: element.attributes.changedOn?.['127'] ?? null,
        baseXml,
        localXml: baseXml.replace(`name="${first}"`, `name="${name}"`),
      });
      return element;
    }
    assert.fail('the demo seed has an unused editable process with a task');
  }

  const publish = (id: string, options: { newVersion?: boolean } = {}) =>
    outbox.publish({ elementId: id, culture: 1033, facet: FACET, view: VIEW }, options);

  async function send(id: string): Promise<SendEvent[]> {
    const events: SendEvent[] = [];
    await outbox.send('editor', { elementId: id, onEvent: (event) => events.push(event) });
    return events;
  }

  const release = (id: string) =>
    service.process.changeState(id, 'InProcessToReleased', { ignoreWarnings: true });
  const versions = async (id: string) => (await service.process.listVersions(FACET, VIEW, id)).length;

  /** What the editor reads from the cache after the send: the state, and whether a new version may be made. */
  function learnt(id: string): { state: string | undefined; mayEdit: boolean; mayCreateVersion: boolean } {
    const info = cache.detail<ElementInfo>(id, 'info')?.value;
    return {
      state: cache.element(id)?.value.state,
      mayEdit: info?.permissions.includes('EditElement') ?? true,
      mayCreateVersion: info?.permissions.includes('NewElement') ?? false,
    };
  }

  async function assertTheWayOnIsOneOperation(id: string, name: string): Promise<void> {
    const before = await versions(id);
    const into = publish(id, { newVersion: true });
    const events = await send(id);
    assert.equal(outbox.outbox.get(into.opId)!.state, 'done', JSON.stringify(events));
    assert.equal(await versions(id), before + 1, 'one new version');
    assert.ok(taskNames(await service.bpmn.exportBpmn(id, 1033)).includes(name));
    await send(id);
    assert.equal(await versions(id), before + 1, 'sent once');
  }

  test('released before the publish: refused with the reason, the state and the rights learnt, the draft kept', async () => {
    const process = await draftOnFreshProcess('Mine, for the next version');
    await release(process.id);
    const refused = publish(process.id);
    const events = await send(process.id);

    assert.deepEqual(
      events.map((event) => event.type),
      ['failed'],
    );
    assert.deepEqual(outbox.outbox.get(refused.opId)!.lastError, {
      code: 'outbox.released',
      message: 'The process is released and cannot be changed: create a new version, then publish again.',
      params: { state: 'released' },
      details: [],
    });
    assert.deepEqual(learnt(process.id), { state: 'released', mayEdit: false, mayCreateVersion: true });
    assert.match(outbox.drafts.get(process.id, 1033)?.localXml ?? '', /name="Mine, for the next version"/);
    await assertTheWayOnIsOneOperation(process.id, 'Mine, for the next version');
  });

  test('released between the check and the import (the service answers 409): the same refusal', async () => {
    const process = await draftOnFreshProcess('Mine, raced');
    const real = service.bpmn;
    // A colleague releases the process just as the import leaves.
    const racing = new Proxy(real, {
      get(target, property) {
        if (property === 'importBpmn') {
          return async (...args: Parameters<BpmnClient['importBpmn']>) => {
            await release(process.id);
            return real.importBpmn(...args);
          };
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    clients = { process: service.process, bpmn: racing };
    let refused;
    let events: SendEvent[];
    try {
      refused = publish(process.id);
      events = await send(process.id);
    } finally {
      clients = service;
    }
    assert.deepEqual(
      events.map((event) => event.type),
      ['failed'],
      'refused, not retried',
    );
    const why = outbox.outbox.get(refused.opId)!.lastError;
    assert.equal(why?.code, 'outbox.released', 'the same refusal as one the check finds');
    assert.deepEqual(why?.params, { state: 'released' });
    assert.deepEqual(learnt(process.id), { state: 'released', mayEdit: false, mayCreateVersion: true });
    assert.match(outbox.drafts.get(process.id, 1033)?.localXml ?? '', /name="Mine, raced"/);
    await assertTheWayOnIsOneOperation(process.id, 'Mine, raced');
  });

  test('a 409 for another reason is left as the service said it', async () => {
    const process = await draftOnFreshProcess('Mine, refused otherwise');
    const real = service.bpmn;
    const refusing = new Proxy(real, {
      get(target, property) {
        if (property === 'importBpmn') {
          return async (...args: Parameters<BpmnClient['importBpmn']>) => {
            emulator.faults.add({ route: '*/bpmn/*', method: 'POST', failRate: 1, status: 409, count: 1 });
            return real.importBpmn(...args);
          };
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    clients = { process: service.process, bpmn: refusing };
    let refused;
    try {
      refused = publish(process.id);
      await send(process.id);
    } finally {
      clients = service;
      emulator.faults.clear();
    }
    const why = outbox.outbox.get(refused.opId)!.lastError;
    assert.equal(why?.code, 'api.conflict', 'kept as the service said it, code and parameters');
    assert.equal(why?.params.operation, 'importBpmn');
    assert.equal(learnt(process.id).state, 'inProcess');
  });
});
