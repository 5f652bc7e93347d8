/**
 * Every screen in German, read as a German modeler reads it: no English
 * catalogue text (whose German differs), no raw message key and no raw key of
 * the service (facet, view, element type, state, property, data-push job
 * state or kind) may be shown, as text, chosen option, placeholder, title or
 * accessible label (`e2e/harness/untranslated.ts`). The content culture stays
 * English, as the harness starts it, so the tenant's own English names are on
 * screen and must not be mistaken for untranslated text, and labels the
 * service configures (facets, types) must follow the UI language, not the
 * content. Each screen is also photographed in German, light and dark.
 *
 * The walk is declared per route of the renderer (`Route['name']`), so a new
 * screen does not typecheck here until the walk visits it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import type { Route } from '../renderer/base/routes.ts';
import { demoProcesses, isEditable, type DemoWorld } from './harness/demo-world.ts';
import { startDemoPage } from './harness/demo-page.ts';
import type { EditorDriver } from './harness/editor-driver.ts';
import { changeOnService, firstTaskOf, renameIn } from './harness/editor-driver.ts';
import { useLanguage } from './harness/looks.ts';
import { saveScreenshot, screenshotFailures } from './harness/screenshots.ts';
import { describeFindings, knownTextsOf, shownTexts, untranslatedFinder } from './harness/untranslated.ts';
import { createDispatcher } from '../main/api/http/dispatcher.ts';
import { HttpClient } from '../main/api/http/http-client.ts';
import { DataPushClient } from '../main/api/datapush/datapush-client.ts';

/** One stop of the walk: where to go, what shows it is drawn, and what to do before reading it. */
interface Stop {
  name: string;
  hash: string;
  /** Each must be on the page before it is read. */
  ready: string | readonly string[];
  prepare?: () => Promise<void>;
  /** Tabs of the screen (a selector): each is opened in turn and read too. */
  tabs?: string;
  /** What else must hold on the screen as drawn. */
  check?: () => Promise<void>;
}

describe('every screen in German: no English, no raw message or service key', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;
  let find: ReturnType<typeof untranslatedFinder>;
  screenshotFailures(() => page);

  const processes = (): ReturnType<typeof demoProcesses> => demoProcesses(world.emulator);
  /** The process whose queued transition the service refused (set by its stop). */
  let refusedTransition = '';
  const editable = (): string => processes().find(isEditable)!.id;
  /** A process the demo seed gave three versions and a diagram: versions to list and compare. */
  const versioned = (): string =>
    (
      world.emulator.db
        .prepare(
          `SELECT e.id FROM elements e WHERE e.type = 'process' AND e.is_current = 1 AND e.state = 'inProcess'
             AND (SELECT COUNT(*) FROM elements v WHERE v.id = e.id) = 3
             AND (SELECT COUNT(*) FROM shapes s WHERE s.version_id = e.version_id) >= 3
           ORDER BY e.ord LIMIT 1`,
        )
        .get() as { id: string }
    ).id;
  const itSystem = (): string =>
    (
      world.emulator.db
        .prepare("SELECT id FROM elements WHERE is_current = 1 AND type = 'itSystem' ORDER BY ord LIMIT 1")
        .get() as { id: string }
    ).id;

  before(async () => {
    ({ world, page, editor } = await startDemoPage());
    await page.setViewportSize({ width: 1280, height: 800 });
    find = untranslatedFinder(knownTextsOf(world.emulator));
    // The pool has a job another client left unfinished: the jobs table shows its state and kind.
    const c = world.emulator.config;
    await new DataPushClient(new HttpClient({ dispatcher: createDispatcher({}) }), {
      baseUrl: c.dataPushBaseUrl,
      poolId: c.poolId,
      key: c.dataPushKey,
    }).createJob({
      targetName: 'colleague_table',
      type: 'DELTA',
      keys: ['id'],
      columns: [{ columnName: 'id', columnType: 'STRING', decimals: 0, fieldLength: 40, pkField: true }],
    });
    await useLanguage(world, 'de');
  });
  after(async () => {
    await world?.close();
  });

  /** The walk, per route of the app: every screen at least once, some in more than one state. */
  const walk: Record<Route['name'], Stop[]> = {
    home: [{ name: 'welcome', hash: '#/', ready: 'lanes-welcome-panel h1, lanes-welcome-panel h2' }],
    profiles: [{ name: 'connections', hash: '#/profiles', ready: 'lanes-profiles-page h2' }],
    browse: [
      {
        name: 'landscape',
        hash: '#/browse/processes/mainProcesses',
        ready: 'lanes-navigator [data-testid=nav-name]',
      },
      {
        name: 'landscape-it-systems',
        hash: '#/browse/itSystems/itSystemList',
        ready: 'lanes-navigator [data-testid=nav-name]',
      },
    ],
    element: [
      {
        name: 'element-process',
        get hash() {
          return `#/element/processes/processList/${versioned()}`;
        },
        ready: '[data-testid=element-title]',
        tabs: 'lanes-element-page [role=tab]',
      },
      {
        // A transition queued while the service was away, made unavailable by a colleague, refused when sent:
        // the failure the outbox stored (code and parameters) is on the element page in German.
        name: 'element-refused-transition',
        get hash() {
          return `#/element/processes/processList/${refusedTransition}`;
        },
        ready: '[data-testid=pending-marker][data-state=failed] .pending-error',
        prepare: async () => {
          const id = processes().filter(isEditable).at(-1)!.id;
          refusedTransition = id;
          const transition = {
            facet: 'processes',
            view: 'processList',
            id,
            transitionId: 'InProcessToReadyForQA',
          };
          // Read once, as the element page the user acts on: the transitions it offers, with where they lead.
          const read = await world.harness.services.dispatch('workspace.element', {
            facet: 'processes',
            view: 'processList',
            id,
          });
          assert.ok(read.ok, JSON.stringify(read));
          const outage = world.emulator.faults.add({ route: '*', failRate: 1, status: 503, retryAfter: 0 });
          let queued;
          try {
            queued = await world.harness.services.dispatch('workspace.transition', transition);
          } finally {
            world.emulator.faults.remove(outage.id);
          }
          assert.equal(queued.ok && (queued.value as { outcome: string }).outcome, 'queued');
          const c = world.emulator.config;
          const byColleague = await fetch(
            `${c.processBaseUrl}/${c.collectionId}/${c.storageId}/_api/release/${id}/transitions/InProcessToInReview?ignoreWarnings=true`,
            { method: 'POST', headers: { 'symbio-auth-token': c.authToken, 'api-version': '4.0' } },
          );
          assert.equal(byColleague.status, 200, await byColleague.text());
          const sent = await world.harness.services.dispatch('sync.run', { send: true, pull: false });
          assert.equal(sent.ok && (sent.value as { sent: { failed: number } }).sent.failed, 1);
        },
        check: async () => {
          const failure = page.locator('[data-testid=pending-marker][data-state=failed] .pending-error');
          assert.equal(await failure.getAttribute('data-code'), 'outbox.transitionUnavailable');
          // A refusal is no longer pending: its badge says so.
          assert.equal(
            (
              await page
                .locator('[data-testid=pending-marker][data-state=failed] .pending-badge')
                .textContent()
            )?.trim(),
            'Abgelehnt',
          );
          assert.equal(
            (await failure.textContent())?.trim(),
            'Der Wechsel nach „Bereit zur Qualitätssicherung“ ist nicht mehr möglich: Das Element ist jetzt im Status „In Prüfung“.',
          );
        },
      },
      {
        name: 'element-it-system',
        get hash() {
          return `#/element/itSystems/itSystemList/${itSystem()}`;
        },
        ready: '[data-testid=element-title]',
        tabs: 'lanes-element-page [role=tab]',
      },
    ],
    editor: [{ name: 'editor-start', hash: '#/editor', ready: 'lanes-editor-workspace h2' }],
    edit: [
      {
        name: 'editor-process',
        get hash() {
          return `#/edit/processes/processList/${editable()}`;
        },
        ready: 'lanes-editor-tab:visible [data-testid=editor-tab-panel][data-phase=ready]',
      },
    ],
    compare: [
      {
        name: 'compare',
        get hash() {
          return `#/compare/processes/processList/${versioned()}`;
        },
        // Lanes has seen one diagram of it: the view says why it cannot compare yet (the diff view is read
        // on the conflict screen below).
        ready: '[data-testid=compare-view] h2',
      },
    ],
    translate: [
      {
        name: 'translate',
        get hash() {
          return `#/translate/processes/processList/${editable()}/1033-1031`;
        },
        ready: '[data-testid=translate-table]',
      },
    ],
    conflict: [
      {
        name: 'conflict',
        hash: '',
        ready: '[data-testid=conflict-view][data-kind=conflict] [data-testid=diff-view][data-status=ready]',
        // My rename saved as a draft, a colleague's imported meanwhile, publish: the conflict view.
        prepare: async () => {
          const id = processes().filter(isEditable)[1]!.id;
          const task = await firstTaskOf(world.emulator.config, id);
          await editor.open(id);
          await editor.rename(task, 'Meine Prüfung');
          await editor.saveDraft();
          await changeOnService(world.emulator.config, id, (d) => renameIn(d, task, 'Ihre Prüfung'));
          assert.equal(await editor.publish(), 'conflict');
          await page.locator('lanes-editor-tab:visible [data-testid=editor-open-conflict]').click();
        },
      },
    ],
    reports: [
      {
        name: 'reports-overview',
        hash: '#/reports',
        ready: '[data-testid=overview-status][data-complete]',
      },
      {
        name: 'reports-it-systems',
        hash: '#/reports/itSystems',
        ready: '[data-testid=report-table] tbody td',
        check: async () => {
          // Every column, the ids at the right included, lies inside the table's box: nothing to scroll to.
          const layout = await page.locator('.report-table-scroll').evaluate((scroller) => {
            const box = scroller.getBoundingClientRect();
            const id = scroller.querySelector('th:has(button[data-column=id])')!.getBoundingClientRect();
            const cells = [...scroller.querySelectorAll('thead th, tbody tr[data-id] td')];
            return {
              scrollWidth: scroller.scrollWidth,
              clientWidth: scroller.clientWidth,
              right: box.right,
              idLeft: id.left,
              idRight: id.right,
              widest: Math.max(...cells.map((cell) => cell.getBoundingClientRect().right)),
              viewport: innerWidth,
            };
          });
          assert.ok(
            layout.scrollWidth <= layout.clientWidth,
            `no sideways scroll: ${JSON.stringify(layout)}`,
          );
          assert.ok(
            layout.idRight <= layout.right + 0.5,
            `the ID column ends inside: ${JSON.stringify(layout)}`,
          );
          assert.ok(
            layout.idRight - layout.idLeft >= 56,
            `the ID column has room for a few characters: ${JSON.stringify(layout)}`,
          );
          assert.ok(layout.widest <= Math.min(layout.right, layout.viewport) + 0.5, JSON.stringify(layout));
          const firstId = page.locator('[data-testid=report-table] tbody tr[data-id]').first();
          const id = (await firstId.getAttribute('data-id'))!;
          assert.ok(
            await firstId.locator(`td[title="${id}"]`).first().isVisible(),
            'the cell of the ID holds all of it in its title',
          );
        },
      },
      {
        name: 'reports-by-type',
        hash: '#/reports/processes/elements/type/process',
        ready: '[data-testid=report-where]',
      },
      {
        name: 'reports-hierarchy',
        hash: '#/reports/organization/hierarchy',
        ready: 'lanes-report-tree li',
      },
    ],
    dataPool: [
      {
        name: 'data-pool',
        hash: '#/data-pool',
        ready: ['[data-testid=pool-jobs] tbody tr', '[data-testid=pool-progress][data-phase=done]'],
        // A push of what Lanes knows, so the history and the job's states are on the page too.
        prepare: async () => {
          const started = await world.harness.services.dispatch('datapool.pushLanes', {
            kind: 'inventory',
            table: 'lanes_inventory',
          });
          assert.ok(started.ok, 'the inventory push started');
        },
      },
    ],
    about: [{ name: 'about', hash: '#/about', ready: 'lanes-about-panel h2' }],
  };

  for (const [route, stops] of Object.entries(walk)) {
    for (const stop of stops) {
      test(`${route}: ${stop.name} shows German only`, async () => {
        await stop.prepare?.();
        if (stop.hash) await page.evaluate((hash) => (location.hash = hash), stop.hash);
        for (const ready of [stop.ready].flat())
          await page.locator(ready).first().waitFor({ timeout: 60_000 });
        // Texts that come a moment later (counts, the overview's charts, states) settle first.
        await page.waitForLoadState('networkidle').catch(() => {});
        await page.waitForTimeout(500);
        const shown = await shownTexts(page);
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await saveScreenshot(page, `german-${stop.name}-${scheme}`);
        }
        await page.emulateMedia({ colorScheme: 'light' });
        // What folds away (a chart's numbers, a job's log) is read unfolded too.
        await page.evaluate(() => {
          for (const details of document.querySelectorAll('details')) details.open = true;
        });
        shown.push(...(await shownTexts(page)));
        if (stop.tabs) {
          for (const tab of await page.locator(stop.tabs).all()) {
            await tab.click();
            await page.waitForLoadState('networkidle').catch(() => {});
            await page.waitForTimeout(300);
            shown.push(...(await shownTexts(page)));
          }
        }
        const findings = find(shown);
        await stop.check?.();
        assert.equal(findings.length, 0, `untranslated on ${stop.name}:\n${describeFindings(findings)}`);
      });
    }
  }

  test('no page errors on the way', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
