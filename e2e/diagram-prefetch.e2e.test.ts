/**
 * The Diagram tab opens drawing at once: the element page fetches and imports
 * the first layout's rendering while the page is read, and the tab takes it
 * instead of asking again. Counted where it happens: the service's render
 * requests (a fault rule that only counts).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startDemoWorld, demoProcesses, type DemoWorld } from './harness/demo-world.ts';

let world: DemoWorld;

before(async () => {
  world = await startDemoWorld();
});
after(async () => {
  await world.close();
});

/** How many render requests the service has seen since the counting rule was added. */
function renders(ruleId: string): number {
  const rule = world.emulator.faults.list().rules.find((r) => r.id === ruleId) as { hits?: number };
  return rule.hits ?? 0;
}

/** Waits for what the page does on its own; a generous bound turns "never" into a failure, not a hang. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const giveUp = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > giveUp) assert.fail(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('the Diagram tab shows the rendering fetched while the page was read, without asking the service again', async () => {
  const { page } = world.harness;
  const process = demoProcesses(world.emulator).find((p) => p.shapes > 0);
  assert.ok(process, 'the demo seed has a process with a diagram');
  const counter = world.emulator.faults.add({ route: '*/render/*', latencyMs: 1 }).id;
  await page.evaluate((hash) => (location.hash = hash), `#/element/processes/processList/${process.id}`);
  await page.locator(`[data-testid=element-page][data-element-id="${process.id}"]`).waitFor();
  // Read in idle time, before anyone opened the tab.
  await until(() => renders(counter) === 1, 'the page fetched the rendering in the background');
  assert.equal(await page.locator('lanes-server-diagram').count(), 0, 'the tab is not open yet');

  await page.locator('[data-tab=diagram]').click();
  const drawn = page.locator('[data-testid=diagram-canvas] svg[data-zoom=fit]');
  await drawn.waitFor();
  assert.ok(((await drawn.boundingBox())?.width ?? 0) > 100, 'the diagram is drawn, fitted');
  assert.equal(renders(counter), 1, 'the tab took the prefetched rendering');

  // Used once: another layout asks the service.
  await page.getByTestId('diagram-layout').selectOption('vertical');
  await until(() => renders(counter) === 2, 'the other layout was requested');
  await page.locator('[data-testid=diagram-canvas][data-layout=vertical] svg').waitFor();
  world.emulator.faults.remove(counter);
  assert.deepEqual(world.harness.pageErrors, []);
});
