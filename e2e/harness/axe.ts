import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page and returns the serious and critical violations.
 * The source is evaluated over the DevTools protocol, so the app's CSP stays
 * as strict as in production.
 */
export async function seriousViolations(page: Page, selector = 'body'): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run(c: string, o: object): Promise<AxeResults> } }).axe;
    type AxeResults = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    };
    const results = await axe.run(context, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, selector);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
