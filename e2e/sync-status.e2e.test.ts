import { clientsFor } from '../main/sync/emulator-clients.test-support.ts';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../emulator/index.ts';
import { ProfileStore } from '../main/profiles/profile-store.ts';
import { openDatabase } from '../main/cache/database.ts';
import { migrations } from '../main/app/cache-schema.ts';
import { cacheFileFor } from '../main/cache/cache-location.ts';
import { createMemoryLogger } from '../main/log/logger.ts';
import { OutboxService } from '../main/sync/outbox-service.ts';
import { startLanesHarness, type LanesHarness } from './harness/lanes-harness.ts';

describe('sync status in the status bar, from the real sync service', () => {
  let emulator: RunningEmulator;
  let harness: LanesHarness;
  let elementId: string;

  before(async () => {
    emulator = await startEmulator({ seed: 'demo', quiet: true });
    const c = emulator.config;
    const dataDir = mkdtempSync(join(tmpdir(), 'lanes-sync-e2e-'));
    new ProfileStore(dataDir).save('demo-tenant', { ...c }, join(dataDir, 'demo.secrets.json'));

    // An edit made earlier, offline: a draft published into the outbox but not sent yet.
    const clients = clientsFor(c);
    const element = (await clients.process.listAllElements('processes', 'processList')).find(
      (e) => e.state === 'inProcess',
    )!;
    elementId = element.id;
    const baseXml = await clients.bpmn.exportBpmn(element.id, 1033);
    const name = /<bpmn:task id="[^"]+" name="([^"]+)"/.exec(baseXml)![1]!;
    const { db } = await openDatabase(cacheFileFor(dataDir, 'demo-tenant'), migrations, createMemoryLogger());
    const outbox = new OutboxService({ db, clients: () => clients, reviewMerges: false });
    outbox.drafts.save({
      elementId: element.id,
      culture: 1033,
      baseVersionId: element.versionId ?? null,
      baseChangedOn: element.attributes.changedOn?.['127'] ?? null,
      baseXml,
      localXml: baseXml.replace(`name="${name}"`, 'name="Sent from the status bar"'),
    });
    outbox.publish({ elementId: element.id, culture: 1033, facet: 'processes', view: 'processList' });
    db.close();

    harness = await startLanesHarness({ dataDir });
  });
  after(async () => {
    await harness.close();
    await emulator.close();
  });

  test('the status bar shows the queued edit, and "Sync now" sends it to the service', async () => {
    const { page } = harness;
    await page.getByTestId('sync-profile').waitFor();
    assert.equal(await page.getByTestId('sync-profile').textContent(), 'demo-tenant');
    assert.equal(await page.getByTestId('sync-queued').textContent(), '1 waiting to be sent');
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByText('0 waiting to be sent').waitFor();
    assert.equal(await page.getByTestId('sync-online').textContent(), 'Online');
    const c = emulator.config;
    const xml = await (
      await fetch(
        `${c.processBaseUrl}/${c.collectionId}/${c.storageId}/_api/v1/bpmn/${elementId}?lcid=1033&svc-auth-token=${c.bpmnToken}`,
      )
    ).text();
    assert.match(xml, /name="Sent from the status bar"/);
  });

  test('after a sync reaches the service, a view read from the cache is read again: never "Online" beside "From the offline cache"', async () => {
    const { page } = harness;
    // Seen once live (so the cache has them): the landscape, then an element.
    await page.evaluate(() => (location.hash = '#/browse/processes/processList'));
    await page.locator('[data-testid=view-freshness][data-source=live]').waitFor();
    await page.evaluate((hash) => (location.hash = hash), `#/element/processes/processList/${elementId}`);
    await page.locator(`[data-testid=element-page][data-element-id="${elementId}"]`).waitFor();
    await page.locator('[data-testid=view-freshness][data-source=live]').waitFor();
    // The service stops answering: the landscape comes from the cache, and says so.
    emulator.faults.add({ route: '*', failRate: 1, status: 503 });
    try {
      await page.evaluate(() => (location.hash = '#/browse/processes/processList'));
      await page.locator('[data-testid=view-freshness][data-source=cache]').waitFor();
    } finally {
      emulator.faults.clear();
    }
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.locator('[data-testid=view-freshness][data-source=live]').waitFor({ timeout: 15_000 });
    assert.equal(await page.getByTestId('sync-online').textContent(), 'Online');
    assert.equal(await page.locator('[data-testid=view-freshness][data-source=cache]').count(), 0);
  });

  test('when the service is gone, sync says offline and keeps what is queued', async () => {
    const { page } = harness;
    await emulator.close();
    // A transition chosen now waits in the outbox; the failed sync must not drop it.
    const queued = await harness.services.dispatch('workspace.transition', {
      facet: 'processes',
      view: 'processList',
      id: elementId,
      transitionId: 'InProcessToReleased',
    });
    assert.ok(queued.ok, JSON.stringify(queued));
    assert.equal((queued.value as { outcome: string }).outcome, 'queued');
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByTestId('sync-online').filter({ hasText: 'Offline' }).waitFor();
    await page.locator('.notice').first().waitFor();
    assert.equal(await page.getByTestId('sync-queued').textContent(), '1 waiting to be sent');
  });
});
