import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { startEmulator, type RunningEmulator } from '../emulator/index.ts';
import { cacheFileFor } from '../main/cache/cache-location.ts';
import { connectProfile } from '../main/profiles/profiles.test-support.ts';
import { demoProcesses, isEditable, startDemoWorld } from './harness/demo-world.ts';
import { HandoverSecretStore } from './harness/handover-secret-store.ts';
import { startLanesHarness, type LanesHarness } from './harness/lanes-harness.ts';
import { EditorDriver, flowElementsOf, serviceBpmn } from './harness/editor-driver.ts';

/** An inProcess demo process with a task that has an outgoing flow to split. */
async function editableProcess(emulator: RunningEmulator): Promise<{ id: string; flow: string }> {
  const ids = demoProcesses(emulator).filter(isEditable);
  for (const { id } of ids) {
    const nodes = [...(await flowElementsOf(await serviceBpmn(emulator.config, id))).values()];
    const flow = nodes.find(
      (n) => n.type === 'bpmn:SequenceFlow' && nodes.find((m) => m.id === n.source)?.type === 'bpmn:Task',
    );
    if (flow) return { id, flow: flow.id };
  }
  throw new Error('the demo seed has an editable process');
}

async function waitFor<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

describe('editing offline and after a crash', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  test('edit while the service is down, close the page, find the draft on a new page, publish when it is back', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'lanes-offline-editor-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const emulatorFile = join(folder, 'tenant.sqlite');
    let emulator = await startEmulator({ seed: 'demo', data: emulatorFile, quiet: true });
    cleanups.push(() => emulator.close());
    const port = Number(new URL(emulator.config.processBaseUrl).port);
    const dataDir = join(folder, 'lanes');
    const secrets = new HandoverSecretStore();
    connectProfile(dataDir, secrets, emulator.config);
    const { id, flow } = await editableProcess(emulator);

    let harness: LanesHarness = await startLanesHarness({ dataDir, secrets });
    let editor = new EditorDriver(harness.page);
    await editor.open(id);
    await harness.page.locator('[data-testid=editor-tab-select][data-tab-key$=":' + id + '"]').waitFor();
    await emulator.close();

    const { task } = await editor.insertTaskInto(flow, 'Added on the train');
    await editor.saveDraft();
    assert.equal(await editor.publish(), 'queued', 'offline, the publish waits in the outbox');
    await harness.page.locator('[data-testid=editor-badge][data-badge=queued]').waitFor();
    await harness.close();

    harness = await startLanesHarness({ dataDir, secrets });
    cleanups.push(() => harness.close());
    editor = new EditorDriver(harness.page);
    await editor.open(id);
    const source = harness.page.locator('lanes-editor-tab:visible [data-testid=editor-source]');
    assert.equal(await source.getAttribute('data-source'), 'draft', 'the draft is found, clearly marked');
    assert.ok((await editor.drawnIds()).includes(task), 'with the offline edit in it');

    emulator = await startEmulator({ data: emulatorFile, port, quiet: true });
    const outcome = await editor.publish();
    if (outcome === 'queued') {
      // The app waits out a short grace after an outage before trying the service again; "Sync now" does not.
      await harness.page.locator('button.sync-now').click();
    } else {
      assert.equal(outcome, 'published');
    }
    await waitFor('the offline edit on the service', async () => {
      const nodes = await flowElementsOf(await serviceBpmn(emulator.config, id));
      return nodes.get(task)?.name === 'Added on the train' ? true : undefined;
    });
    assert.deepEqual(harness.pageErrors, []);
  });

  test('the main side is killed while editing: the next start offers the unsaved work from the recovery slot', async () => {
    const world = await startDemoWorld({ mainProcess: 'child' });
    cleanups.push(() => world.close());
    const { harness, emulator } = world;
    const { id, flow } = await editableProcess(emulator);
    const editor = new EditorDriver(harness.page);
    await editor.open(id);
    const { task } = await editor.insertTaskInto(flow, 'Not saved yet');
    await harness.page
      .locator('[data-testid=editor-tab-select][aria-selected=true] [data-testid=editor-dirty]')
      .waitFor();

    // The editor writes its unsaved state every few seconds; wait until the slot holds this edit.
    const cache = new Database(cacheFileFor(harness.dataDir, 'Demo'), {
      readonly: true,
      fileMustExist: true,
    });
    cleanups.push(() => {
      cache.close();
    });
    await waitFor('the recovery slot', () => {
      const row = cache.prepare('SELECT xml FROM recovery_slots WHERE element_id = ?').get(id) as
        { xml: string } | undefined;
      return row?.xml.includes(task) ? true : undefined;
    });

    await harness.killMain();
    await harness.restartMain();
    await harness.page.reload();
    await editor.open(id);
    await harness.page.locator('lanes-editor-tab:visible [data-testid=editor-recovery-banner]').waitFor();
    assert.ok(!(await editor.drawnIds()).includes(task), 'the server copy opens first');
    await harness.page.locator('lanes-editor-tab:visible [data-testid=editor-restore-recovery]').click();
    await harness.page
      .locator('[data-testid=editor-tab-select][aria-selected=true] [data-testid=editor-dirty]')
      .waitFor();
    assert.ok((await editor.drawnIds()).includes(task), 'the unsaved task is back');
  });
});
