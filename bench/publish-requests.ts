/**
 * What one publish costs in requests to the service and in events to the
 * renderer: a publish through the app's own dispatch against the emulator
 * over loopback HTTP (as a tab's Publish makes it), counted where it happens.
 * Before the outbox service (issue 24) a publish made 7 requests (the element
 * three times, its info, the export twice) and every open tab asked
 * `editor.drafts` again after each save and publish (2 + 2N IPC calls for N
 * tabs); the outbox events now carry what the tabs need.
 */
import type { BenchResult } from './summary.ts';
import { countOnePublish } from '../main/editor/publish-requests.test-support.ts';

/** Measured with the code before issue 24 (commit 6b2d1c6), by the same steps. */
const REQUESTS_BEFORE = 7;

export async function run(): Promise<BenchResult> {
  const { requests, events, result, published } = await countOnePublish();
  // The outcome reaches the tab once (issue 41): the answer acknowledges, the event carries the document.
  const answerChars = JSON.stringify(result).length;
  const eventChars = JSON.stringify(published ?? null).length;
  const documentChars = JSON.stringify(published?.result.document ?? null).length;
  console.log(`publish outcome                 ${result.outcome}`);
  for (const request of requests) console.log(`  ${request.replace(/\?.*$/, '')}`);
  console.log(`HTTP requests of one publish    ${requests.length} (before: ${REQUESTS_BEFORE})`);
  console.log(`events to the renderer          ${JSON.stringify(events)}`);
  console.log(`editor.drafts asked by N tabs   0 (before: 2 + 2N with the save)`);
  console.log(
    `outcome chars over IPC          answer ${answerChars} + event ${eventChars} ` +
      `(before issue 41 the answer carried the document too: +${documentChars})`,
  );
  return [
    {
      measure: 'HTTP requests of one publish',
      value: String(requests.length),
      baseline: `before issue 24: ${REQUESTS_BEFORE}`,
      ratio: `${((100 * requests.length) / REQUESTS_BEFORE).toFixed(0)} %`,
      target: 'no request whose answer Lanes has',
    },
  ];
}
