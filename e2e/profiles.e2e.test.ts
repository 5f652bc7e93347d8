import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Page } from 'playwright';
import { startEmulator, type RunningEmulator } from '../emulator/index.ts';
import { MemorySecretStore } from '../main/profiles/secret-store.ts';
import { seriousViolations } from './harness/axe.ts';
import { startLanesHarness, type LanesHarness } from './harness/lanes-harness.ts';
import { saveScreenshot } from './harness/screenshots.ts';

/** Emulator children of this test process (Linux /proc): the demo tenant the app started. */
function demoEmulatorPids(): number[] {
  if (!existsSync('/proc/self/stat')) return [];
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return Number(ppid) === process.pid && state !== 'Z' && cmdline.includes('emulator/cli.ts');
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Console errors and CSP violations seen in the page. */
const pageErrors = (harness: LanesHarness): string[] => harness.pageErrors;

const resultOf = (page: Page, profile: string, iface: string) =>
  page.locator(`li[data-profile="${profile}"] .test-result[data-interface=${iface}]`);

describe('connection profiles and the demo tenant', () => {
  let emulator: RunningEmulator;
  let harness: LanesHarness | undefined;

  before(async () => {
    emulator = await startEmulator({ seed: 'empty', quiet: true });
    // A Linux desktop without a keyring: safeStorage would fall back to basic_text.
    const secrets = new MemorySecretStore({ available: true, backend: 'basic_text', weak: true });
    harness = await startLanesHarness({ secrets });
  });
  after(async () => {
    await harness?.close();
    await emulator.close();
  });

  test('first run: "Try the demo tenant" starts the emulator and opens the connected landscape', async () => {
    const { page } = harness!;
    const demo = page.getByTestId('try-demo');
    await demo.waitFor();
    assert.equal((await demo.textContent())!.trim(), 'Try the demo tenant');
    await page.getByRole('button', { name: 'Add a connection' }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await saveScreenshot(page, 'welcome-first-run');
    assert.deepEqual(demoEmulatorPids(), [], 'nothing runs before the click');

    await demo.click();
    await page.waitForFunction(() => location.hash === '#/browse');
    await page.getByTestId('sync-profile').filter({ hasText: 'Demo tenant' }).waitFor();
    assert.equal(demoEmulatorPids().length, 1, 'one emulator child runs');

    const facets = await harness!.services.dispatch('workspace.facets', {});
    assert.ok(facets.ok, 'the demo tenant answers the landscape');
    const { items, source } = facets.value as { items: unknown[]; source: string };
    assert.equal(source, 'live');
    assert.ok(items.length > 0, 'the demo landscape has facets');
    const profiles = await harness!.services.dispatch('profiles.list', {});
    assert.ok(profiles.ok);
    assert.deepEqual(
      (profiles.value as { name: string; current: boolean }[]).map((p) => [p.name, p.current]),
      [['Demo tenant', true]],
    );

    // Home now names the connection and leads to the landscape; a second start reuses the child.
    await page.locator('button[data-view=home]').click();
    await page.getByTestId('welcome-connection').filter({ hasText: 'Connected to Demo tenant' }).waitFor();
    await page.getByTestId('try-demo').click();
    await page.waitForFunction(() => location.hash === '#/browse');
    assert.equal(demoEmulatorPids().length, 1, 'still one emulator child');
    assert.deepEqual(pageErrors(harness!), []);
  });

  test('add a profile with every interface, check the form with axe, save and test: all interfaces work', async () => {
    const { page } = harness!;
    await page.locator('button[data-view=profiles]').click();
    const warning = page.getByTestId('protection-warning');
    await warning.waitFor();
    assert.match((await warning.textContent())!, /not well protected.*basic_text/s);
    await page.locator('li[data-profile="Demo tenant"] [data-testid=current-badge]').waitFor();

    await page.getByTestId('add-profile').click();
    const c = emulator.config;
    await page.getByLabel('Profile name *').fill('Local emulator');
    await page.getByLabel('Base URL', { exact: true }).fill(c.processBaseUrl);
    await page.getByLabel('Collection', { exact: true }).fill(c.collectionId);
    await page.getByLabel('Storage', { exact: true }).fill(c.storageId);
    await page.getByLabel('Auth token').fill(c.authToken);
    await page.getByLabel('BPMN token').fill(c.bpmnToken);
    const region = page.getByLabel('Region');
    assert.deepEqual(
      await region
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
      ['none', 'eu', 'us', 'jp', 'custom'],
    );
    await region.selectOption('custom');
    await page.getByLabel('Reporting base URL').fill(c.reportingBaseUrl);
    await page.getByLabel('Tenant id').fill(c.tenantId);
    await page.getByLabel('Reporting API key').fill(c.reportingApiKey);
    await page.getByLabel('Data push base URL').fill(c.dataPushBaseUrl);
    await page.getByLabel('Data push key').fill(c.dataPushKey);
    await page.getByLabel('Pool', { exact: true }).fill(c.poolId);
    assert.equal(await page.getByLabel('Auth token').getAttribute('type'), 'password');
    assert.deepEqual(await seriousViolations(page), [], 'no serious violations with the form open');
    await saveScreenshot(page, 'profiles-form');

    await page.getByRole('button', { name: 'Save and test connection' }).click();
    for (const iface of ['process', 'bpmn', 'reporting', 'dataPush']) {
      await resultOf(page, 'Local emulator', iface).filter({ hasText: 'Works' }).waitFor();
    }
    assert.equal(
      (await page.getByTestId('profiles-announcement').textContent())!.trim(),
      'Saved Local emulator.',
    );
    assert.deepEqual(await seriousViolations(page), [], 'no serious violations on the list with results');
    await saveScreenshot(page, 'profiles-test-connection');
    // The secrets went to main's store, not into the page.
    assert.ok(!(await page.content()).includes(c.authToken));
    assert.deepEqual(pageErrors(harness!), []);
  });

  test('bad input is refused in the form with translated messages, and focus goes to the first problem', async () => {
    const { page } = harness!;
    await page.getByTestId('add-profile').click();
    await page.getByLabel('Profile name *').fill('demo TENANT');
    await page.getByLabel('Base URL', { exact: true }).fill('acme.example.com');
    await page.getByLabel('Region').selectOption('eu');
    await page.getByLabel('Tenant id').fill('acme');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Please correct the marked fields.' }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'profile-name');
    const errorOf = (field: string) => page.locator(`#profile-${field}-error`).textContent();
    assert.match((await errorOf('name'))!, /exists already/);
    assert.match((await errorOf('processBaseUrl'))!, /full address/);
    assert.match((await errorOf('collectionId'))!, /belong together/);
    assert.match((await errorOf('tenantId'))!, /GUID/);
    assert.equal(await page.getByLabel('Tenant id').getAttribute('aria-invalid'), 'true');
    // Escape leaves the form without saving; focus returns to "Add a connection".
    await page.keyboard.press('Escape');
    await page.getByTestId('add-profile').waitFor();
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
      'add-profile',
    );
    assert.equal(await page.locator('li[data-profile]').count(), 2);
  });

  test('a wrong auth token, a wrong tenant id and an unreachable host each get a precise message', async () => {
    const { page } = harness!;
    await page.getByRole('button', { name: 'Edit Local emulator' }).click();
    assert.equal(await page.getByLabel('Profile name *').getAttribute('readonly'), '');
    assert.equal(await page.getByLabel('Auth token').inputValue(), '', 'secrets are never prefilled');
    assert.match((await page.getByTestId('secret-state-authToken').textContent())!, /Stored/);
    await page.getByLabel('Auth token').fill('wrong-token-123');
    await page.getByLabel('Tenant id').fill('00000000-0000-0000-0000-000000000000');
    await page.getByRole('button', { name: 'Save and test connection' }).click();
    await resultOf(page, 'Local emulator', 'process').filter({ hasText: 'Wrong auth token' }).waitFor();
    await resultOf(page, 'Local emulator', 'reporting')
      .filter({ hasText: 'refused the tenant id or the API key' })
      .waitFor();
    assert.match((await resultOf(page, 'Local emulator', 'bpmn').textContent())!, /Works/);
    assert.match((await resultOf(page, 'Local emulator', 'dataPush').textContent())!, /Works/);
    await saveScreenshot(page, 'profiles');

    // Back to the right token (blank keeps the stored wrong one, so type it) and a closed port.
    const port = await closedPort();
    await page.getByRole('button', { name: 'Edit Local emulator' }).click();
    await page.getByLabel('Base URL', { exact: true }).fill(`http://127.0.0.1:${port}`);
    await page.getByLabel('Auth token').fill(emulator.config.authToken);
    await page.getByLabel('Tenant id').fill(emulator.config.tenantId);
    await page.getByRole('button', { name: 'Save and test connection' }).click();
    await resultOf(page, 'Local emulator', 'process')
      .filter({
        hasText: `Host unreachable: Lanes could not reach http://127.0.0.1:${port} (connection refused)`,
      })
      .waitFor();
    await resultOf(page, 'Local emulator', 'reporting').filter({ hasText: 'Works' }).waitFor();

    // German: the same failure in the user's language.
    await page.getByTestId('ui-language').selectOption('de');
    await resultOf(page, 'Local emulator', 'process')
      .filter({ hasText: 'Host nicht erreichbar' })
      .filter({ hasText: 'Verbindung abgelehnt' })
      .waitFor();
    await page.getByTestId('ui-language').selectOption('en');
    assert.deepEqual(pageErrors(harness!), []);
  });

  test('switch the current profile; remove one by keyboard through an accessible confirm dialog', async () => {
    const { page } = harness!;
    await page.getByRole('button', { name: 'Switch to Local emulator' }).click();
    await page.getByTestId('sync-profile').filter({ hasText: 'Local emulator' }).waitFor();
    await page.locator('li[data-profile="Local emulator"] [data-testid=current-badge]').waitFor();
    assert.equal(await page.locator('li[data-profile="Demo tenant"] [data-testid=current-badge]').count(), 0);

    const remove = page.getByRole('button', { name: 'Remove Local emulator' });
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Remove Local emulator?' });
    await dialog.waitFor();
    assert.equal(await dialog.getAttribute('aria-modal'), 'true');
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    assert.equal(await focused(), 'Cancel', 'the harmless choice has focus');
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'Remove');
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'Cancel', 'Tab stays inside the dialog');
    await page.keyboard.press('Shift+Tab');
    assert.equal(await focused(), 'Remove');
    assert.deepEqual(await seriousViolations(page), [], 'no serious violations with the dialog open');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      'Remove Local emulator',
      'focus returns to the button that opened the dialog',
    );
    assert.equal(
      await page.locator('li[data-profile="Local emulator"]').count(),
      1,
      'Escape removes nothing',
    );

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.locator('li[data-profile="Local emulator"]').waitFor({ state: 'detached' });
    assert.equal(
      (await page.getByTestId('profiles-announcement').textContent())!.trim(),
      'Removed Local emulator.',
    );
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
      'add-profile',
    );
    // The remaining profile becomes current.
    await page.getByTestId('sync-profile').filter({ hasText: 'Demo tenant' }).waitFor();
    assert.deepEqual(pageErrors(harness!), []);
  });

  test('closing the app ends the demo emulator', async () => {
    const pids = demoEmulatorPids();
    assert.equal(pids.length, 1);
    await harness!.close();
    harness = undefined;
    const deadline = Date.now() + 6000;
    while (demoEmulatorPids().length > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(demoEmulatorPids(), [], 'no orphan emulator');
  });
});
