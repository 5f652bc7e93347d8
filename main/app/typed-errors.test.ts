import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testMainServices } from './main-side.test-support.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { MemorySecretStore } from '../profiles/secret-store.ts';
import { runLanes } from '../cli/lanes.ts';

function mainSide() {
  const logger = createMemoryLogger();
  const services = testMainServices({
    dataDir: mkdtempSync(join(tmpdir(), 'lanes-typed-')),
    logger,
    secrets: new MemorySecretStore(),
  });
  return { services, logger };
}

test('an unknown profile, in use and test alike, is profiles.notFound, not "something went wrong"', async (t) => {
  const { services, logger } = mainSide();
  t.after(() => services.dispose());
  for (const channel of ['profiles.use', 'profiles.test', 'profiles.remove'])
    for (const name of ['nobody', 'constructor', 'toString', '__proto__']) {
      const result = await services.dispatch(channel, { name });
      assert.equal(result.ok, false);
      assert.equal(!result.ok && result.error.code, 'profiles.notFound', `${channel} ${name}`);
    }
  for (const name of ['.', '..', 'a/b', '../x']) {
    const result = await services.dispatch('profiles.use', { name });
    assert.equal(!result.ok && result.error.code, 'ipc.invalidRequest', name);
  }
  assert.deepEqual(
    logger.lines.filter((line) => line.includes('ERROR')),
    [],
    'nothing logged as a failure of Lanes',
  );
});

test('settings.update naming a field without a value is settings.invalid and changes nothing', async (t) => {
  const { services } = mainSide();
  t.after(() => services.dispose());
  const result = await services.dispatch('settings.update', { uiLanguage: undefined });
  assert.equal(!result.ok && result.error.code, 'settings.invalid');
  const settings = await services.dispatch('settings.get', {});
  assert.deepEqual(settings.ok && settings.value, { uiLanguage: 'en', contentCulture: 1033 });
});

test('a malformed service address on the command line is a usage error naming the field', async () => {
  let stderr = '';
  const code = await runLanes({
    argv: ['facets', '--process-base-url', 'http://[::1', '--collection-id', 'c', '--storage-id', 's'],
    env: { LANES_HOME: mkdtempSync(join(tmpdir(), 'lanes-typed-')), LANES_AUTH_TOKEN: 'x-1234567' },
    stdout: () => {},
    stderr: (text) => (stderr += text),
  });
  assert.equal(code, 1);
  assert.match(stderr, /processBaseUrl.*not a valid http:\/\/ or https:\/\/ URL \(http:\/\/\[::1\)/);
  assert.doesNotMatch(stderr, /Something went wrong/);
});
