/**
 * Cost of the UI's ICU messages (shared/i18n/translate.ts): a render calls
 * translate() for every label, so one call must stay near the cost of the
 * plain `{name}` replacement it took over from. Measured: a cached call with
 * a plural and a number, a text without arguments, and compiling the whole
 * catalog once (what a first visit of every screen pays in total).
 */
import { performance } from 'node:perf_hooks';
import { messagesEn, type MessageKey } from '../shared/i18n/messages-en.ts';
import { compileMessage } from '../shared/i18n/icu.ts';
import { translate } from '../shared/i18n/translate.ts';
import { ms, times, type SummaryRow } from './summary.ts';

function perCallUs(iterations: number, body: (i: number) => unknown): number {
  for (let i = 0; i < 2000; i++) body(i);
  const start = performance.now();
  for (let i = 0; i < iterations; i++) body(i);
  return ((performance.now() - start) * 1000) / iterations;
}

/** What translate() did before ICU: replace `{name}` from the parameters. */
function replaced(key: MessageKey, params: Record<string, string | number>): string {
  return messagesEn[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export async function run(): Promise<SummaryRow[]> {
  const iterations = 200_000;
  const plural = perCallUs(iterations, (i) => translate('de', 'sync.conflicts', { count: i }));
  const plain = perCallUs(iterations, () => translate('de', 'nav.welcome'));
  const baseline = perCallUs(iterations, (i) => replaced('editor.toolbar.problems', { count: i }));
  const texts = Object.values(messagesEn);
  const start = performance.now();
  for (const text of texts) compileMessage('en', text);
  const compileAll = performance.now() - start;
  console.log(`translate() with a plural, cached     ${plural.toFixed(2)} µs/call`);
  console.log(`translate() of a text without args    ${plain.toFixed(2)} µs/call`);
  console.log(`{name} replacement (before ICU)        ${baseline.toFixed(2)} µs/call`);
  console.log(`compile all ${texts.length} English messages     ${compileAll.toFixed(1)} ms`);
  const us = (value: number): string => `${value.toFixed(2)} µs`;
  return [
    {
      measure: 'translate() with a plural and a number (cached)',
      value: us(plural),
      baseline: `{name} replacement ${us(baseline)}`,
      ratio: times(plural, baseline),
      target: '',
    },
    {
      measure: `compile every message once (${texts.length})`,
      value: ms(compileAll),
      baseline: '',
      ratio: '',
      target: '',
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
