import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startCliWorld, type CliWorld } from './cli-world.test-support.ts';

let world: CliWorld;
before(async () => (world = await startCliWorld()));
after(() => world.close());

test('profile add --from-json without --secrets-file says the secrets in FILE were not kept and how to keep them', async () => {
  const ready = world.file('plain.json', JSON.stringify(world.emulator.config));
  const added = await world.lanes(['profile', 'add', 'plain', '--from-json', ready]);
  assert.equal(added.code, 0, added.stderr);
  assert.match(added.stdout, /^Saved profile "plain"\.$/m);
  const escaped = ready.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  assert.match(
    added.stderr,
    new RegExp(
      `The secrets in ${escaped} \\(authToken, bpmnToken, reportingApiKey, dataPushKey\\) were not kept`,
    ),
  );
  assert.match(
    added.stderr,
    new RegExp(`run "lanes profile add plain --from-json ${escaped} --secrets-file PATH"`),
  );
  assert.match(added.stderr, /LANES_AUTH_TOKEN/);

  // The next command's hint must not send the user back to the command that dropped the secrets.
  const facets = await world.lanes(['facets', '--profile', 'plain']);
  assert.equal(facets.code, 1);
  assert.match(
    facets.stderr,
    /Profile "plain" keeps no secrets: add it again with "--from-json FILE --secrets-file PATH"/,
  );
});

test('profile add with --secrets-file keeps the secrets and warns about nothing', async () => {
  const ready = world.file('kept.json', JSON.stringify(world.emulator.config));
  const added = await world.lanes([
    'profile',
    'add',
    'kept',
    '--from-json',
    ready,
    '--secrets-file',
    world.file('kept.secrets.json', ''),
  ]);
  assert.equal(added.code, 0, added.stderr);
  assert.equal(added.stderr, '');
  assert.equal((await world.lanes(['facets', '--profile', 'kept'])).code, 0);
});
