import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { startDemoWorld, type DemoWorld } from './harness/demo-world.ts';

describe('harness: the main side in a child process, killed and restarted', () => {
  let world: DemoWorld;
  let page: Page;

  const openView = async (view: string): Promise<void> => {
    await page.evaluate((hash) => (location.hash = hash), `#/browse/processes/${view}`);
  };

  before(async () => {
    world = await startDemoWorld({ mainProcess: 'child' });
    page = world.harness.page;
  });
  after(async () => {
    await world?.close();
  });

  test('the landscape loads through the child, a killed main fails readably, a restarted one serves again', async () => {
    await page.locator('lanes-app .shell').waitFor();
    await openView('mainProcesses');
    await page.locator('[data-testid=nav-row]').first().waitFor();

    await world.harness.killMain();
    await assert.rejects(world.harness.services.dispatch('app.info', {}), /not running/);
    await openView('processList');
    const failed = page.locator('[data-testid=nav-failed]');
    await failed.waitFor();
    // LanesClient turns the rejected invoke into `internal`: words, no stack trace.
    assert.equal(await failed.getAttribute('data-code'), 'internal');
    assert.match((await failed.textContent()) ?? '', /Something went wrong inside Lanes/);
    assert.doesNotMatch((await failed.textContent()) ?? '', /at .*\.ts:\d+/);

    await world.harness.restartMain();
    await page.reload();
    await page.locator('lanes-app .shell').waitFor();
    await openView('processList');
    await page.locator('[data-testid=nav-row]').first().waitFor();
    // The restarted child got the profile's secrets handed over: it reads live from the emulator.
    const info = await world.harness.services.dispatch('app.info', {});
    assert.ok(info.ok);
    assert.equal(await page.getByTestId('view-freshness').getAttribute('data-source'), 'live');
  });
});
