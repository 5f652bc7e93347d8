/**
 * Defects 7 and 8 of issue 12 on the element page and the landscape, as a
 * modeler meets them: names instead of ids, states and dates in words of the
 * UI language, readable push buttons, one colour per state, a Diagram tab
 * that shows the whole diagram, and a landscape that remembers its place.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { contrastRatio, seenColours } from './harness/contrast.ts';
import type { DemoWorld } from './harness/demo-world.ts';
import { startDemoPage } from './harness/demo-page.ts';
import { assertReadable, boxes, dateFormat, inEveryLook, useLanguage } from './harness/looks.ts';

type CultureMap = Record<string, string>;
interface ProcessRow {
  id: string;
  state: string;
  attributes: Record<string, CultureMap>;
  related: Record<string, { id: string }[]>;
  shapes: number;
}

const GUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const STATE_KEYS = /\b(inProcess|inReview|readyForQa|readyForRelease|requestToExpire|inEffect)\b|\bShow\b/;
const ALL_STATES = [
  'inProcess',
  'inReview',
  'readyForQa',
  'readyForRelease',
  'released',
  'inEffect',
  'requestToExpire',
  'expired',
];

describe('display polish on the element page and the landscape (issue 12, defects 7 and 8)', () => {
  let world: DemoWorld;
  let page: Page;
  let processes: ProcessRow[];

  function nameOf(id: string): string {
    const row = world.emulator.db
      .prepare('SELECT attributes FROM elements WHERE id = ? AND is_current = 1')
      .get(id) as { attributes: string };
    return (JSON.parse(row.attributes) as Record<string, CultureMap>)['name']!['1033']!;
  }

  async function open(id: string): Promise<void> {
    await page.evaluate((hash) => (location.hash = hash), `#/element/processes/processList/${id}`);
    await page.locator(`[data-testid=element-page][data-element-id="${id}"]`).waitFor();
  }

  async function showTab(tab: string): Promise<void> {
    await page.locator(`[role=tab][data-tab=${tab}]`).click();
    await page.getByTestId(`element-panel-${tab}`).waitFor();
  }

  before(async () => {
    ({ world, page } = await startDemoPage());
    const rows = world.emulator.db
      .prepare(
        `SELECT e.id, e.state, e.attributes, e.related,
           (SELECT COUNT(*) FROM shapes s WHERE s.version_id = e.version_id) AS shapes
         FROM elements e WHERE e.is_current = 1 AND e.type = 'process' ORDER BY e.ord`,
      )
      .all() as (Omit<ProcessRow, 'attributes' | 'related'> & { attributes: string; related: string })[];
    processes = rows.map((row) => ({
      ...row,
      attributes: JSON.parse(row.attributes) as ProcessRow['attributes'],
      related: JSON.parse(row.related) as ProcessRow['related'],
    }));
  });
  after(async () => {
    await page?.emulateMedia({ colorScheme: 'light' });
    await world?.close();
  });

  test('Attributes: states and dates in words of the UI language, app-styled release buttons', async () => {
    const process = processes.find((row) => row.state === 'inProcess' && (row.related['owner'] ?? []).length);
    assert.ok(process, 'an in-process element with an owner');
    await open(process.id);
    await showTab('attributes');
    assert.equal(await page.getByTestId('element-state1').count(), 0, 'no "Status: Show" beside the state');
    await inEveryLook(world, 'polish-element-attributes', async ({ scheme, language }) => {
      const header = (await page.locator('.element-header').textContent()) ?? '';
      assert.doesNotMatch(header, STATE_KEYS, `no state key in the header (${language})`);
      const attributes = (await page.getByTestId('element-attributes').textContent()) ?? '';
      assert.doesNotMatch(attributes, STATE_KEYS, `no state key in the attributes (${language})`);
      for (const key of ['createdOn', 'changedOn']) {
        const value = page.locator(`[data-attribute=${key}] dd`);
        if ((await value.count()) === 0) continue;
        assert.match(
          ((await value.textContent()) ?? '').trim(),
          dateFormat[language],
          `${key} (${language})`,
        );
      }
      const buttons = page.locator('.release-buttons button');
      assert.ok((await buttons.count()) > 0, 'release buttons are offered');
      for (let i = 0; i < (await buttons.count()); i++) {
        const button = buttons.nth(i);
        await assertReadable(button, `release button ${i} (${scheme}, ${language})`);
        const radius = await button.evaluate((b) => getComputedStyle(b).borderRadius);
        assert.equal(radius, '4px', "the app's push button, not the browser's grey one");
      }
    });
  });

  test('Versions: the same date format as everywhere, the state in words', async () => {
    const process = processes.find((row) => row.state === 'released')!;
    await open(process.id);
    await showTab('versions');
    for (const language of ['en', 'de'] as const) {
      await useLanguage(world, language);
      const cells = page.locator('[data-testid=element-panel-versions] td');
      const texts = (await cells.allTextContents()).map((text) => text.trim());
      const dates = texts.filter((text) => /\d{4}/.test(text) && /\d:\d\d/.test(text));
      assert.ok(dates.length > 0, 'the versions list shows dates');
      for (const date of dates) assert.match(date, dateFormat[language]);
      assert.doesNotMatch(texts.join(' '), STATE_KEYS);
    }
    await useLanguage(world, 'en');
  });

  test('an open-ended validity reads naturally: "Valid from …", and "no end date" / "unbefristet"', async () => {
    const process = processes.find(
      (row) => row.state === 'released' && (row.attributes['validUntil']?.['127'] ?? '').startsWith('9999'),
    );
    assert.ok(process, 'a released element valid until further notice');
    await open(process.id);
    await showTab('attributes');
    const expected = {
      en: { from: /^Valid from \S/, end: 'no end date' },
      de: { from: /^Gültig ab \S/, end: 'unbefristet' },
    };
    for (const language of ['en', 'de'] as const) {
      await useLanguage(world, language);
      const validity = ((await page.getByTestId('element-validity').textContent()) ?? '').trim();
      assert.match(validity, expected[language].from);
      assert.doesNotMatch(validity, /further notice|auf Weiteres|until|bis/);
      const until = ((await page.locator('[data-attribute=validUntil] dd').textContent()) ?? '').trim();
      assert.equal(until, expected[language].end);
    }
    await useLanguage(world, 'en');
  });

  test('Related: every reference by its name, never by its GUID', async () => {
    const process = processes.find(
      (row) => row.state === 'inProcess' && (row.related['owner'] ?? []).length,
    )!;
    const ownerId = process.related['owner']![0]!.id;
    await open(process.id);
    await showTab('related');
    const owner = page.locator(`[data-context=owner] a[data-related-id="${ownerId}"]`);
    await owner.waitFor();
    assert.equal(((await owner.textContent()) ?? '').trim(), nameOf(ownerId), 'the owner by name');
    await inEveryLook(world, 'polish-element-related', async ({ language }) => {
      const labels = await page.locator('[data-testid=element-related] a').allTextContents();
      assert.ok(labels.length > 0);
      for (const label of labels)
        assert.doesNotMatch(label, GUID, `a GUID as a label (${language}): ${label}`);
    });
  });

  test('Diagram tab: a wide diagram is shown whole inside its frame, zoomable, and fitted again', async () => {
    const widest = [...processes].sort((a, b) => b.shapes - a.shapes)[0]!;
    await open(widest.id);
    await showTab('diagram');
    const canvas = page.getByTestId('diagram-canvas');
    const svg = canvas.locator('svg.server-diagram-svg');
    await svg.waitFor();
    await page.locator('svg.server-diagram-svg[data-zoom=fit]').waitFor();
    await inEveryLook(world, 'polish-element-diagram', async ({ language }) => {
      const seen = await boxes(canvas, svg);
      assert.ok(
        seen.inside,
        `the whole diagram lies inside its frame (${language}): ${JSON.stringify(seen)}`,
      );
      assert.ok(
        seen.widthShare >= 0.6 || seen.heightShare >= 0.6,
        `the diagram fills its frame rather than sitting small in it: ${JSON.stringify(seen)}`,
      );
    });
    const fitted = await boxes(canvas, svg);
    await page.getByTestId('diagram-zoom-in').click();
    await page.getByTestId('diagram-zoom-in').click();
    await page.waitForFunction(
      (width) =>
        (document.querySelector('svg.server-diagram-svg')?.getBoundingClientRect().width ?? 0) > width * 1.4,
      fitted.inner.width,
    );
    const scrolls = await canvas.evaluate(
      (c) => c.scrollWidth > c.clientWidth || c.scrollHeight > c.clientHeight,
    );
    assert.ok(scrolls, 'zoomed in, the frame scrolls (and drags) to pan');
    await page.getByTestId('diagram-zoom-fit').click();
    await page.locator('svg.server-diagram-svg[data-zoom=fit]').waitFor();
    assert.ok((await boxes(canvas, svg)).inside, 'fit shows the whole diagram again');
  });

  test('each state has its own badge colour, readable in light and dark', async () => {
    const process = processes.find((row) => row.state === 'inProcess')!;
    await open(process.id);
    // One badge per state, as the element page and the navigator draw them.
    await page.evaluate((states) => {
      const host = document.createElement('p');
      host.id = 'e2e-state-badges';
      for (const state of states) {
        const badge = document.createElement('span');
        badge.className = 'state-badge';
        badge.dataset.state = state;
        badge.textContent = state;
        const row = document.createElement('span');
        row.className = `nav-state nav-state-${state}`;
        row.textContent = state;
        host.append(badge, row);
      }
      document.querySelector('.element-header')?.append(host);
    }, ALL_STATES);
    try {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        const seen = new Map<string, string>();
        for (const state of ALL_STATES) {
          for (const selector of [`.state-badge[data-state=${state}]`, `.nav-state-${state}`]) {
            const badge = page.locator(`#e2e-state-badges ${selector}`);
            const colours = await seenColours(badge);
            const ratio = contrastRatio(colours.foreground, colours.background);
            assert.ok(ratio >= 4.5, `${selector} (${scheme}): contrast ${ratio.toFixed(2)}`);
            const key = JSON.stringify(colours.ownBackground);
            if (selector.startsWith('.state')) {
              assert.ok(!seen.has(key), `${state} shares its colour with ${seen.get(key)} (${scheme})`);
              seen.set(key, state);
            } else {
              const badgeColour = await seenColours(
                page.locator(`#e2e-state-badges .state-badge[data-state=${state}]`),
              );
              assert.deepEqual(
                colours.ownBackground,
                badgeColour.ownBackground,
                `navigator and page agree on ${state}`,
              );
            }
          }
        }
      }
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.evaluate(() => document.getElementById('e2e-state-badges')?.remove());
    }
  });

  test('Landscape returns to the last facet and view: with its button, and after a restart', async () => {
    await page.evaluate(() => (location.hash = '#/browse/processes/mainProcesses'));
    await page.getByTestId('nav-view-title').waitFor();
    await inEveryLook(world, 'polish-landscape');
    // Remembered per profile in the settings (main writes them to disk).
    for (;;) {
      const settings = await world.harness.services.dispatch('settings.get', {});
      assert.ok(settings.ok);
      const place = (settings.value as { workbench?: { landscape?: Record<string, unknown> } }).workbench
        ?.landscape?.['Demo'];
      if (place) {
        assert.deepEqual(place, { facet: 'processes', view: 'mainProcesses' });
        break;
      }
      await page.waitForTimeout(100);
    }
    const process = processes[0]!;
    await open(process.id);
    await page.locator('button[data-view=browse]').click();
    await page.waitForFunction(() => location.hash === '#/browse/processes/mainProcesses');

    // A restart of the window: the bare landscape opens where the user left it.
    await page.evaluate(() => (location.hash = '#/browse'));
    await page.reload();
    await page.locator('lanes-app .shell').waitFor();
    await page.waitForFunction(() => location.hash === '#/browse/processes/mainProcesses');
    await page.getByTestId('nav-view-title').waitFor();
  });

  test('the page logged no errors', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
