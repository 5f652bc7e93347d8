/** Canned answers through the control route: a chosen body, repeated to any size, then cleared. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Harness } from './test/harness.ts';
import { startHarness } from './test/harness.ts';

let h: Harness;
let control: string;
before(async () => {
  h = await startHarness({ seed: 'empty' });
  control = `${h.emu.config.processBaseUrl}/_emulator/answers`;
});
after(async () => h.close());

const post = (body: unknown): Promise<Response> =>
  fetch(control, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

it('answers a matching route with head + middle × times + tail until cleared', async () => {
  const route = `${h.emu.config.processBaseUrl}/c1/x/_api/rest/diagram/d/render/1033/detailed`;
  assert.equal(
    (
      await post({
        route: '/render/',
        contentType: 'image/svg+xml',
        head: '<svg>',
        middle: 'ab',
        times: 3,
        tail: '</svg>',
      })
    ).status,
    200,
  );
  const answer = await fetch(route);
  assert.equal(answer.headers.get('content-type'), 'image/svg+xml');
  assert.equal(await answer.text(), '<svg>ababab</svg>');
  await fetch(control, { method: 'DELETE' });
  assert.notEqual((await fetch(route)).headers.get('content-type'), 'image/svg+xml');
});

it('refuses an override without a route or with a bad repeat count', async () => {
  assert.equal((await post({ head: 'x' })).status, 400);
  assert.equal((await post({ route: '/x/', head: 'x', times: -1 })).status, 400);
});
