/**
 * The screens the feature tests do not already check in all four looks
 * (light and dark, English and German): welcome, connections, the editor's
 * start page, about. Each is shown as a user reaches it, screenshotted, and
 * checked with axe; its main heading must be readable (contrast ≥ 4.5:1) and
 * the page must not scroll sideways at 1280×800.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { startDemoWorld, type DemoWorld } from './harness/demo-world.ts';
import { assertReadable, inEveryLook } from './harness/looks.ts';

describe('every screen in every look', () => {
  let world: DemoWorld;
  let page: Page;

  before(async () => {
    world = await startDemoWorld();
    page = world.harness.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('lanes-app .shell').waitFor();
  });
  after(() => world?.close());

  const screens = [
    { name: 'screen-welcome', hash: '#/', ready: 'lanes-welcome-panel h1, lanes-welcome-panel h2' },
    {
      name: 'screen-connections',
      hash: '#/profiles',
      ready: 'lanes-profiles-page h1, lanes-profiles-page h2',
    },
    {
      name: 'screen-editor-start',
      hash: '#/editor',
      ready: 'lanes-editor-workspace h1, lanes-editor-workspace h2',
    },
    { name: 'screen-about', hash: '#/about', ready: 'lanes-about-panel h1, lanes-about-panel h2' },
  ];

  for (const screen of screens) {
    test(`${screen.name}: readable, no sideways scroll, axe clean in light and dark, English and German`, async () => {
      await page.evaluate((hash) => (location.hash = hash), screen.hash);
      const heading = page.locator(screen.ready).first();
      await heading.waitFor();
      await inEveryLook(world, screen.name, async ({ scheme, language }) => {
        await assertReadable(heading, `${screen.name} heading (${scheme}, ${language})`);
        const sideways = await page.evaluate(
          () => document.scrollingElement!.scrollWidth > document.scrollingElement!.clientWidth,
        );
        assert.equal(sideways, false, `no sideways scroll (${scheme}, ${language})`);
      });
    });
  }

  test('no page errors on the way', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
