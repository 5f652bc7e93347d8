/**
 * The four looks a screen is checked in (light and dark, English and
 * German): switch the UI language through the settings and the colour
 * scheme through the page, then let the caller check, screenshot and axe.
 */
import assert from 'node:assert/strict';
import type { Locator } from 'playwright';
import { seriousViolations } from './axe.ts';
import { contrastRatio, seenColours } from './contrast.ts';
import type { DemoWorld } from './demo-world.ts';
import { saveScreenshot } from './screenshots.ts';

export const schemes = ['light', 'dark'] as const;
export const languages = ['en', 'de'] as const;
export type Scheme = (typeof schemes)[number];
export type Language = (typeof languages)[number];

export async function useLanguage(world: DemoWorld, language: Language): Promise<void> {
  const result = await world.harness.services.dispatch('settings.update', { uiLanguage: language });
  assert.ok(result.ok, `switched to ${language}`);
  await world.harness.page.locator(`html[lang=${language}]`).waitFor();
}

/**
 * Runs `check` in each of the four looks, then writes `name-scheme-language.png`
 * and asserts axe finds nothing serious or critical. Ends in English and light.
 */
export async function inEveryLook(
  world: DemoWorld,
  name: string,
  check: (look: { scheme: Scheme; language: Language }) => Promise<void> = async () => {},
): Promise<void> {
  const { page } = world.harness;
  try {
    for (const language of languages) {
      await useLanguage(world, language);
      for (const scheme of schemes) {
        await page.emulateMedia({ colorScheme: scheme });
        await check({ scheme, language });
        await saveScreenshot(page, `${name}-${scheme}-${language}`);
        assert.deepEqual(await seriousViolations(page), [], `axe on ${name} (${scheme}, ${language})`);
      }
    }
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
    await useLanguage(world, 'en');
  }
}

/** Text that is shown and readable against what is painted behind it (WCAG AA, 4.5:1). */
export async function assertReadable(locator: Locator, what: string): Promise<void> {
  const seen = await seenColours(locator);
  assert.ok(seen.text.length > 0, `${what} has text`);
  assert.ok(seen.visible, `${what} is visible`);
  const ratio = contrastRatio(seen.foreground, seen.background);
  assert.ok(ratio >= 4.5, `${what}: contrast ${ratio.toFixed(2)} < 4.5 (${JSON.stringify(seen)})`);
}

/** How Lanes writes a date and time in each UI language (Intl medium date, short time). */
export const dateFormat: Record<Language, RegExp> = {
  en: /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/,
  de: /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/,
};

/** Where `inner` lies relative to `outer`, in the page's pixels. */
export async function boxes(
  outer: Locator,
  inner: Locator,
): Promise<{ outer: Box; inner: Box; inside: boolean; widthShare: number; heightShare: number }> {
  const [o, i] = [await outer.boundingBox(), await inner.boundingBox()];
  assert.ok(o && i, 'both are laid out');
  const slack = 1.5;
  const inside =
    i.x >= o.x - slack &&
    i.y >= o.y - slack &&
    i.x + i.width <= o.x + o.width + slack &&
    i.y + i.height <= o.y + o.height + slack;
  return { outer: o, inner: i, inside, widthShare: i.width / o.width, heightShare: i.height / o.height };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
