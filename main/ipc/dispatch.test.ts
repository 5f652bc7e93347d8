import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dispatchRequest } from './dispatch.ts';
import type { HandlerTable } from './handler-table.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import { requestChannelNames } from '../../shared/ipc/channels.ts';

const settings = { uiLanguage: 'en', contentCulture: 1033 } as const;

/** Channels these tests do not exercise answer with an error, as an unbuilt handler would. */
const unused = Object.fromEntries(
  requestChannelNames.map((channel) => [
    channel,
    () => {
      throw new LanesError({ code: 'internal', message: `${channel} is not part of this test.` });
    },
  ]),
) as unknown as HandlerTable;

function table(overrides: Partial<HandlerTable> = {}): HandlerTable {
  return {
    ...unused,
    'app.info': () => ({
      name: 'Lanes',
      version: '1.0.0',
      dataDir: '/tmp/x',
      transport: 'harness',
      runtime: { node: '24', v8: '13', electron: null, chrome: null, platform: 'linux', arch: 'x64' },
    }),
    'settings.get': () => settings,
    'settings.update': (patch) => ({ ...settings, ...patch }),
    'sync.status': () => ({
      profile: null,
      online: 'unknown',
      queued: 0,
      conflicts: 0,
      drafts: 0,
      running: false,
      progress: null,
      lastSyncAt: null,
      lastError: null,
    }),
    'sync.run': () => ({ sent: null, pulled: null }),
    'profiles.list': () => [],
    'profiles.save': () => [],
    'profiles.remove': () => [],
    'profiles.use': () => [],
    'profiles.test': () => [],
    'profiles.protection': () => ({ available: true, backend: 'test', weak: false }),
    ...overrides,
  };
}

test('a well-formed request reaches its handler and returns its value', async () => {
  const result = await dispatchRequest(
    table(),
    'settings.update',
    { uiLanguage: 'de' },
    createMemoryLogger(),
  );
  assert.deepEqual(result, { ok: true, value: { uiLanguage: 'de', contentCulture: 1033 } });
});

test('a malformed payload is rejected with a typed error naming the field, and the handler never runs', async () => {
  let called = false;
  const handlers = table({
    'settings.update': () => {
      called = true;
      return settings;
    },
  });
  const result = await dispatchRequest(
    handlers,
    'settings.update',
    { uiLanguage: 'fr', secret: 'x' },
    createMemoryLogger(),
  );
  assert.equal(called, false);
  assert.equal(result.ok, false);
  assert.ok(!result.ok);
  assert.equal(result.error.code, 'ipc.invalidRequest');
  assert.equal(result.error.params.channel, 'settings.update');
  assert.ok(result.error.details.some((line) => line.startsWith('uiLanguage:')));
  assert.ok(
    result.error.details.some((line) => line.includes('secret')),
    'unknown keys are refused too',
  );
});

test('payloads that are not objects at all are refused, not crashed on', async () => {
  for (const payload of [undefined, null, 42, 'text', [1, 2]]) {
    const result = await dispatchRequest(table(), 'app.info', payload, createMemoryLogger());
    assert.ok(!result.ok, `payload ${JSON.stringify(payload)}`);
    assert.equal(result.error.code, 'ipc.invalidRequest');
  }
});

test('an unknown channel gives ipc.unknownChannel', async () => {
  const result = await dispatchRequest(table(), 'fs.readFile', {}, createMemoryLogger());
  assert.ok(!result.ok);
  assert.equal(result.error.code, 'ipc.unknownChannel');
  assert.equal(result.error.params.channel, 'fs.readFile');
});

test('an unexpected handler failure becomes a generic internal error without stack or message leak', async () => {
  const logger = createMemoryLogger();
  const handlers = table({
    'settings.get': () => {
      throw new Error('database at /secret/path exploded');
    },
  });
  const result = await dispatchRequest(handlers, 'settings.get', {}, logger);
  assert.ok(!result.ok);
  assert.equal(result.error.code, 'internal');
  assert.doesNotMatch(JSON.stringify(result), /secret\/path|at .*\.ts/);
  assert.ok(
    logger.lines.some((line) => line.includes('exploded')),
    'the cause is logged on the main side',
  );
});

test('a LanesError thrown by a handler crosses as its own typed data', async () => {
  const handlers = table({
    'settings.update': () => {
      throw new LanesError({ code: 'storage.writeFailed', message: 'disk full', params: { path: '/x' } });
    },
  });
  const result = await dispatchRequest(handlers, 'settings.update', {}, createMemoryLogger());
  assert.deepEqual(result, {
    ok: false,
    error: { code: 'storage.writeFailed', message: 'disk full', params: { path: '/x' }, details: [] },
  });
});

test('a handler answering with the wrong shape is caught before the renderer sees it', async () => {
  const handlers = table({ 'settings.get': () => ({ uiLanguage: 'xx' }) as never });
  const result = await dispatchRequest(handlers, 'settings.get', {}, createMemoryLogger());
  assert.ok(!result.ok);
  assert.equal(result.error.code, 'ipc.invalidResponse');
});
