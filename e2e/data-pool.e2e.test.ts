/**
 * The data pool screen (#/data-pool) in Chromium against the demo emulator:
 * a CSV pushed with a corrected type ends DONE with exactly its rows in the
 * emulator's table; a German Excel CSV and an .xlsx sheet are pushed without
 * touching a setting and compared cell by cell; bad rows are listed by line;
 * a push that fails before its job exists shows no progress; a running push
 * is cancelled and leaves no table; a profile without a pool leads to
 * Connections; the inventory of the whole landscape is pushed right after
 * connecting, without visiting any other screen.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import type { DemoWorld } from './harness/demo-world.ts';
import { startDemoPage } from './harness/demo-page.ts';
import { inEveryLook, assertReadable } from './harness/looks.ts';
import { createDispatcher } from '../main/api/http/dispatcher.ts';
import { HttpClient } from '../main/api/http/http-client.ts';
import { DataPushClient } from '../main/api/datapush/datapush-client.ts';
import { ReportingClient } from '../main/api/reporting/reporting-client.ts';
import { profileFromValues } from '../shared/domain/profiles.ts';
import { germanExcelCsv } from '../main/datapool/real-files.test-support.ts';
import { writeXlsx } from '../main/datapool/xlsx/ooxml.test-support.ts';

describe('the data pool: push a CSV, follow it, cancel it', () => {
  let world: DemoWorld;
  let page: Page;
  let pool: DataPushClient;
  const dir = mkdtempSync(join(tmpdir(), 'lanes-pool-e2e-'));

  function csvFile(name: string, text: string | Buffer): string {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  }

  async function openPool(): Promise<void> {
    await page.locator('.shell-nav button[data-view=dataPool]').click();
    await page.locator('lanes-data-pool-page h2').waitFor();
  }

  async function chooseCsv(path: string): Promise<void> {
    world.harness.dialogs.answerNext(path);
    await page.getByTestId('pool-choose-file').click();
    await page.locator(`[data-testid=pool-file-facts]:has-text("${path.split('/').pop()!}")`).waitFor();
  }

  async function finalPhase(): Promise<string> {
    const progress = page.locator(
      '[data-testid=pool-progress][data-phase=done], [data-testid=pool-progress][data-phase=failed], [data-testid=pool-progress][data-phase=canceled]',
    );
    await progress.waitFor();
    return (await progress.getAttribute('data-phase'))!;
  }

  before(async () => {
    ({ world, page } = await startDemoPage());
    const c = world.emulator.config;
    pool = new DataPushClient(new HttpClient({ dispatcher: createDispatcher({}) }), {
      baseUrl: c.dataPushBaseUrl,
      poolId: c.poolId,
      key: c.dataPushKey,
    });
  });
  after(async () => {
    await world?.close();
  });

  test('a CSV with a type corrected in the preview ends DONE, and the table holds exactly its rows', async () => {
    await openPool();
    // "code" looks like a number, but its leading zeros matter: the user makes it text.
    const rows = [
      ['1', '007', 'Anna'],
      ['2', '042', 'Bo'],
      ['3', '100', 'Cleo'],
    ];
    await chooseCsv(
      csvFile('Orders 2026.csv', ['id,code,name', ...rows.map((r) => r.join(','))].join('\n') + '\n'),
    );
    const preview = page.getByTestId('pool-preview');
    assert.deepEqual(
      (await preview.locator('thead th').allInnerTexts()).map((text) => text.split('\n')[0]!.trim()),
      ['id', 'code', 'name'],
    );
    assert.equal(await preview.locator('tbody tr').count(), 3);
    const codeType = page.locator(
      '[data-testid=pool-columns] tr[data-column=code] [data-testid=column-type]',
    );
    assert.equal(await codeType.inputValue(), 'INTEGER', 'Lanes guessed a number');
    await codeType.selectOption('STRING');
    assert.equal(await page.locator('tr[data-column=id] [data-testid=column-key]').isChecked(), true);
    assert.equal(await page.getByTestId('pool-table-name').inputValue(), 'Orders_2026');
    await page.getByTestId('pool-table-name').fill('orders');
    await page.getByTestId('pool-start').click();
    assert.equal(await finalPhase(), 'done');
    assert.match(await page.getByTestId('pool-phase').innerText(), /3 rows are in table orders/);
    const step = page.locator('[data-testid=pool-states] [aria-current=step]');
    assert.equal(await step.getAttribute('data-state'), 'DONE');
    assert.equal(await step.innerText(), 'Done');
    const table = await pool.inspectTable('orders');
    assert.deepEqual(
      table.map((r) => [String(r.id), r.code, r.name]).sort(),
      rows.map((r) => [r[0], r[1], r[2]]).sort(),
    );
    assert.equal(await page.locator('[data-testid=pool-history] tbody tr').count(), 1);
  });

  test('a German Excel CSV is pushed without changing a setting: the pool holds its numbers, dates and umlauts', async () => {
    const file = germanExcelCsv();
    await chooseCsv(csvFile(file.name, file.bytes));
    assert.equal(await page.getByTestId('pool-encoding').inputValue(), 'windows-1252');
    assert.equal(await page.getByTestId('pool-separator').inputValue(), ';');
    // The preview shows the values as the pool will hold them.
    const firstRow = await page
      .locator('[data-testid=pool-preview] tbody tr')
      .first()
      .locator('td')
      .allInnerTexts();
    assert.deepEqual(
      firstRow.map((text) => text.trim()),
      ['1', 'Jürgen Müller', 'München', '1234.56', '2026-03-01', '2026-03-01 14:30:00'],
    );
    assert.equal(await page.getByTestId('pool-preview-check').getAttribute('data-bad'), '0');
    await page.getByTestId('pool-table-name').fill('umsaetze');
    await page.locator('[data-testid=pool-preview]').scrollIntoViewIfNeeded();
    await inEveryLook(world, 'data-pool-german-csv', async ({ scheme, language }) => {
      await assertReadable(page.getByTestId('pool-preview-check'), `preview check (${scheme}, ${language})`);
    });
    await page.getByTestId('pool-start').click();
    assert.equal(await finalPhase(), 'done');
    const table = await pool.inspectTable('umsaetze');
    assert.equal(table.length, file.expected.length);
    const byId = new Map(table.map((row) => [row.id, row]));
    for (const expected of file.expected) assert.deepEqual(byId.get(expected.id), expected);
  });

  test('an .xlsx sheet is pushed: the sheet picker, the header row and a merged header cell are shown', async () => {
    const path = join(dir, 'Kosten.xlsx');
    writeXlsx(path, [
      { name: 'Deckblatt', rows: [] },
      {
        name: 'Kosten',
        rows: [
          ['Kosten 2026'],
          [],
          ['id', 'Prozess', 'Betrag', null, 'Stichtag'],
          [1, 'Rechnungsprüfung', 1234.5, 3, { date: '2026-03-01' }],
          [2, 'Größenplanung', 99.25, 4, { date: '2026-12-24' }],
        ],
        merges: ['C3:D3'],
      },
    ]);
    world.harness.dialogs.answerNext(path);
    await page.getByTestId('pool-choose-file').click();
    await page.locator('[data-testid=pool-file-facts]:has-text("Kosten.xlsx")').waitFor();
    assert.equal(await page.getByTestId('pool-sheet').inputValue(), 'Kosten');
    assert.equal(await page.getByTestId('pool-header-row').inputValue(), '3');
    assert.match(
      await page.locator('[data-testid=pool-notices] [data-code=mergedHeader]').innerText(),
      /C3:D3/,
    );
    await page.getByTestId('pool-table-name').fill('kosten');
    await page.getByTestId('pool-reading').scrollIntoViewIfNeeded();
    await inEveryLook(world, 'data-pool-xlsx');
    await page.getByTestId('pool-start').click();
    assert.equal(await finalPhase(), 'done');
    const table = await pool.inspectTable('kosten');
    assert.deepEqual(
      table.sort((a, b) => Number(a.id) - Number(b.id)),
      [
        { id: 1, Prozess: 'Rechnungsprüfung', Betrag: 1234.5, Betrag_2: 3, Stichtag: '2026-03-01' },
        { id: 2, Prozess: 'Größenplanung', Betrag: 99.25, Betrag_2: 4, Stichtag: '2026-12-24' },
      ],
    );
  });

  test('a push that fails before its job exists says so, without a progress bar or job states', async () => {
    const rule = world.emulator.faults.add({
      route: '^/api/v1/data-push/[^/]+/jobs/$',
      method: 'POST',
      failRate: 1,
      status: 400,
      count: 1,
    });
    try {
      await chooseCsv(csvFile('never.csv', 'id,value\n1,a\n'));
      await page.getByTestId('pool-table-name').fill('never');
      await page.getByTestId('pool-start').click();
      assert.equal(await finalPhase(), 'failed');
      assert.match(await page.getByTestId('pool-phase').innerText(), /Nothing was sent/);
      assert.equal(await page.locator('[data-testid=pool-progress] progress').count(), 0);
      assert.equal(await page.getByTestId('pool-states').count(), 0);
      await assert.rejects(pool.inspectTable('never'));
    } finally {
      world.emulator.faults.remove(rule.id);
    }
  });

  test('a file that is no table (an XLIFF file) is refused with what it seems to be and what to do', async () => {
    await openPool();
    const path = csvFile(
      'texte.xlf',
      '<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="de">\n<file id="f"><unit id="u"><segment><source>Prüfen</source></segment></unit></file>\n</xliff>\n',
    );
    world.harness.dialogs.answerNext(path);
    await page.getByTestId('pool-choose-file').click();
    const problem = page.locator('[data-testid=pool-problem][data-code="file.notATable"]');
    await problem.waitFor({ timeout: 60_000 });
    assert.match(
      await problem.innerText(),
      /texte\.xlf looks like an XML file \(XLIFF\), not a table\. Translations come back through Import translations…/,
    );
    assert.equal(
      await page.locator('[data-testid=pool-file-facts]:has-text("texte.xlf")').count(),
      0,
      'no preview',
    );
    await problem.scrollIntoViewIfNeeded();
    await inEveryLook(world, 'data-pool-not-a-table', async ({ scheme, language }) => {
      const text = await problem.innerText();
      assert.match(
        text,
        language === 'de' ? /sieht aus wie eine XML-Datei \(XLIFF\)/ : /looks like an XML file/,
      );
      await assertReadable(problem.locator('p'), `refusal (${scheme}, ${language})`);
    });
  });

  test('bad rows are listed with their line numbers; the screen is readable and axe-clean in every look', async () => {
    await chooseCsv(csvFile('amounts.csv', 'id,amount\n1,10\n2,ten\n3,30\n'));
    // The sample says text; the user insists on numbers, and the service refuses line 3.
    await page.locator('tr[data-column=amount] [data-testid=column-type]').selectOption('INTEGER');
    await page.getByTestId('pool-table-name').fill('amounts');
    await page.getByTestId('pool-start').click();
    assert.equal(await finalPhase(), 'failed');
    const badRows = page.locator('[data-testid=pool-bad-rows] tbody tr');
    assert.equal(await badRows.count(), 1);
    assert.equal((await badRows.locator('td').first().innerText()).trim(), '3');
    await assert.rejects(pool.inspectTable('amounts'), 'nothing was applied');
    await page.locator('lanes-data-pool-page h2').scrollIntoViewIfNeeded();
    await inEveryLook(world, 'data-pool', async ({ scheme, language }) => {
      await assertReadable(page.getByTestId('pool-start'), `push button (${scheme}, ${language})`);
      await assertReadable(page.getByTestId('pool-phase'), `push outcome (${scheme}, ${language})`);
    });
    await page.getByTestId('pool-progress').scrollIntoViewIfNeeded();
    await inEveryLook(world, 'data-pool-bad-rows');
  });

  test('a running push is cancelled: the job ends CANCELED and no table appears', async () => {
    // The upload hangs on the service long enough to be cancelled while it is under way.
    const rule = world.emulator.faults.add({
      route: '*/chunks/upserted',
      method: 'POST',
      latencyMs: 60_000,
      count: 1,
    });
    try {
      await chooseCsv(
        csvFile(
          'slow.csv',
          'id,value\n' + Array.from({ length: 500 }, (_, i) => `${i + 1},v${i}`).join('\n'),
        ),
      );
      await page.getByTestId('pool-table-name').fill('slow');
      await page.getByTestId('pool-start').click();
      await page.locator('[data-testid=pool-progress][data-phase=uploading]').waitFor();
      const step = page.locator('[data-testid=pool-states] [aria-current=step]');
      assert.equal(await step.getAttribute('data-state'), 'NEW');
      await page.getByTestId('pool-cancel').click();
      assert.equal(await finalPhase(), 'canceled');
      assert.equal(await step.getAttribute('data-state'), 'CANCELED');
      assert.equal(await step.innerText(), 'Cancelled');
      await assert.rejects(pool.inspectTable('slow'), 'no partial table');
    } finally {
      world.emulator.faults.remove(rule.id);
    }
  });

  test('a 429 on execute is waited out visibly, then the push goes on to DONE', async () => {
    const rule = world.emulator.faults.add({
      route: '^/api/v1/data-push/[^/]+/jobs/[^/]+$',
      method: 'POST',
      failRate: 1,
      status: 429,
      retryAfter: 2,
      count: 1,
    });
    try {
      await chooseCsv(csvFile('limited.csv', 'id,value\n1,a\n2,b\n'));
      await page.getByTestId('pool-table-name').fill('limited');
      await page.getByTestId('pool-start').click();
      const waiting = page.locator('[data-testid=pool-progress][data-phase=rateLimited]');
      await waiting.waitFor();
      assert.match(await page.getByTestId('pool-phase').innerText(), /wait 2 s/);
      assert.equal(await finalPhase(), 'done');
      assert.equal((await pool.inspectTable('limited')).length, 2);
    } finally {
      world.emulator.faults.remove(rule.id);
    }
  });

  test('a profile without a data pool says what is missing and leads to Connections', async () => {
    const {
      dataPushKey: _key,
      poolId: _pool,
      ...rest
    } = world.emulator.config as unknown as Record<string, string>;
    const saved = await world.harness.services.dispatch('profiles.save', profileFromValues('No pool', rest));
    assert.ok(saved.ok);
    assert.ok((await world.harness.services.dispatch('profiles.use', { name: 'No pool' })).ok);
    await page.evaluate(() => (location.hash = '#/'));
    await openPool();
    const problem = page.locator('[data-testid=pool-problem][data-code="connection.notConfigured"]');
    await problem.waitFor();
    assert.match(await problem.innerText(), /dataPushKey/);
    await page.getByTestId('pool-open-connections').click();
    await page.locator('.shell-nav button[data-view=profiles][aria-current=page]').waitFor();
  });
});

describe('the data pool: push what Lanes knows, online and offline', () => {
  let world: DemoWorld;
  let page: Page;
  let pool: DataPushClient;

  async function finalPhase(): Promise<string> {
    const progress = page.locator(
      '[data-testid=pool-progress][data-phase=done], [data-testid=pool-progress][data-phase=failed], [data-testid=pool-progress][data-phase=canceled]',
    );
    await progress.waitFor();
    return (await progress.getAttribute('data-phase'))!;
  }

  async function previewTotal(kind: 'inventory' | 'metrics'): Promise<number> {
    const card = page.getByTestId(`pool-lanes-${kind}`);
    await card.getByTestId('pool-lanes-preview').click();
    const count = card.getByTestId('pool-lanes-count');
    await count.waitFor();
    return Number(/^([\d,]+) rows/.exec((await count.innerText()).trim())![1]!.replace(/,/g, ''));
  }

  before(async () => {
    ({ world, page } = await startDemoPage());
    const c = world.emulator.config;
    pool = new DataPushClient(new HttpClient({ dispatcher: createDispatcher({}) }), {
      baseUrl: c.dataPushBaseUrl,
      poolId: c.poolId,
      key: c.dataPushKey,
    });
    // Straight to the data pool after connecting: nothing browsed, nothing cached.
    await page.locator('.shell-nav button[data-view=dataPool]').click();
    await page.locator('lanes-data-pool-page h2').waitFor();
  });
  after(async () => {
    await world?.close();
  });

  test('right after connecting, the inventory holds one row per element of the landscape', async () => {
    const c = world.emulator.config;
    const landscape = await new ReportingClient(new HttpClient({ dispatcher: createDispatcher({}) }), {
      baseUrl: c.reportingBaseUrl,
      tenantId: c.tenantId,
      apiKey: c.reportingApiKey,
    }).listAllElements();
    const card = page.getByTestId('pool-lanes-inventory');
    await card.getByTestId('pool-lanes-push').click();
    await page.locator('[data-testid=pool-progress]:has-text("lanes_inventory")').waitFor();
    assert.equal(await finalPhase(), 'done');
    const rows = await pool.inspectTable('lanes_inventory');
    assert.deepEqual(rows.map((r) => String(r.element_id)).sort(), landscape.map((e) => e.id).sort());
    assert.match(
      await page.getByTestId('pool-phase').innerText(),
      new RegExp(`${landscape.length.toLocaleString('en')} rows`),
    );
  });

  test('the inventory and the metrics are previewed, pushed, and land in the emulator complete', async () => {
    for (const [kind, table] of [
      ['inventory', 'lanes_inventory'],
      ['metrics', 'lanes_model_quality'],
    ] as const) {
      const total = await previewTotal(kind);
      assert.ok(total > 0, `${kind} has rows`);
      const card = page.getByTestId(`pool-lanes-${kind}`);
      assert.ok((await card.locator('[data-testid=pool-lanes-rows] tbody tr').count()) > 0);
      assert.equal(await card.getByTestId('pool-lanes-coverage').getAttribute('data-source'), 'live');
      // The preview scrolls inside its card: the card is not wider than its place (the last column not cut).
      const fits = await card.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
      assert.ok(fits, `${kind}: the card holds its preview`);
      await card.getByTestId('pool-lanes-push').click();
      await page.locator(`[data-testid=pool-progress]:has-text("${table}")`).waitFor();
      assert.equal(await finalPhase(), 'done');
      const rows = await pool.inspectTable(table);
      assert.equal(rows.length, total, `${kind}: every row arrived`);
      const key = kind === 'inventory' ? 'element_id' : 'process_id';
      assert.equal(new Set(rows.map((r) => r[key])).size, total, `${kind}: one row per element`);
    }
    await page.getByTestId('pool-lanes-inventory').scrollIntoViewIfNeeded();
    await inEveryLook(world, 'data-pool-lanes');
  });

  test('offline, the inventory says how much of the landscape is known before anything is pushed', async () => {
    const rule = world.emulator.faults.add({ route: '*', failRate: 1, status: 503 });
    try {
      const card = page.getByTestId('pool-lanes-inventory');
      await card.getByTestId('pool-lanes-preview').click();
      const coverage = card.locator('[data-testid=pool-lanes-coverage][data-source=cache]');
      await coverage.waitFor();
      assert.match(await coverage.innerText(), /^Offline: [\d,]+ of [\d,]+ elements known offline/);
      await card.scrollIntoViewIfNeeded();
      await inEveryLook(world, 'data-pool-offline', async ({ scheme, language }) => {
        await assertReadable(
          card.getByTestId('pool-lanes-coverage'),
          `offline coverage (${scheme}, ${language})`,
        );
      });
    } finally {
      world.emulator.faults.remove(rule.id);
    }
  });

  test('offline, an inventory push waits for the next sync and is sent when the service is back', async () => {
    const rule = world.emulator.faults.add({ route: '/api/v1/data-push/*', failRate: 1, status: 503 });
    try {
      await page
        .getByTestId('pool-lanes-inventory')
        .getByTestId('pool-lanes-table')
        .fill('offline_inventory');
      await page.getByTestId('pool-lanes-inventory').getByTestId('pool-lanes-push').click();
      await page.locator('[data-testid=pool-progress][data-phase=waiting]').waitFor();
      await page.locator('[data-testid=sync-queued]:has-text("1")').waitFor();
      await page.locator('[data-testid=pool-history] tr[data-phase=waiting]').waitFor();
      await inEveryLook(world, 'data-pool-waiting');
    } finally {
      world.emulator.faults.remove(rule.id);
    }
    await assert.rejects(pool.inspectTable('offline_inventory'), 'nothing was sent while offline');
    await page.locator('button.sync-now').click();
    assert.equal(await finalPhase(), 'done');
    await page.locator('[data-testid=sync-queued]:has-text("0")').waitFor();
    const total = await previewTotal('inventory');
    assert.equal((await pool.inspectTable('offline_inventory')).length, total);
  });
});
