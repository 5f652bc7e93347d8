import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { requestChannelNames, requestChannels } from '../../shared/ipc/contract.ts';
import { errorCodes } from '../../shared/ipc/errors.ts';
import { createMainServices } from '../app/main-services.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { MemorySecretStore } from '../profiles/secret-store.ts';

/**
 * Every IPC channel gets malformed, oversized, prototype-polluting and
 * path-like payloads, shaped by the channel's own request schema so that
 * many pass validation and reach the handlers. A fixed seed makes a failure
 * replayable: the seed and the payload are in the assertion message.
 */
const SEED = 15;
const ROUNDS_PER_CHANNEL = 30;

/** mulberry32: small, fast, and the same sequence on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MEGABYTE = 'x'.repeat(1024 * 1024);
const strings = [
  '',
  ' ',
  '.',
  '..',
  '../../../../lanes-fuzz-escape',
  '/tmp/lanes-fuzz-escape',
  'C:\\Windows\\lanes-fuzz-escape',
  '\\\\server\\share\\x',
  '%2e%2e%2flanes-fuzz-escape',
  '__proto__',
  'constructor',
  'toString',
  'prototype',
  'hasOwnProperty',
  '\u0000',
  'http://[::1',
  'javascript:alert(1)',
  '<svg onload="alert(1)"><use href="#a"/></svg>',
  'Demo',
  'de',
  MEGABYTE,
  MEGABYTE.repeat(20),
];
const pollution = (): unknown =>
  JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}');
function deep(levels: number): unknown {
  let value: unknown = {};
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

function hostileValue(next: () => number, depth = 0): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  switch (Math.floor(next() * 9)) {
    case 0:
    case 1:
    case 2:
      return pick(strings);
    case 3:
      return pick([0, -1, 1.5, NaN, Infinity, -Infinity, 2 ** 53, 1033, 1e308]);
    case 4:
      return pick([true, false, null, undefined]);
    case 5:
      return depth > 2
        ? []
        : Array.from({ length: Math.floor(next() * 4) }, () => hostileValue(next, depth + 1));
    case 6:
      return pollution();
    case 7:
      return pick([deep(5000), Array.from({ length: 100_000 }, () => 'a')]);
    default:
      return depth > 2 ? {} : { [pick(strings.slice(0, 20))]: hostileValue(next, depth + 1) };
  }
}

/** A payload for a channel: mostly its own field names with hostile values, sometimes anything at all. */
function payloadFor(channel: (typeof requestChannelNames)[number], next: () => number): unknown {
  const shape = (requestChannels[channel].request as { shape?: Record<string, unknown> }).shape;
  if (!shape || next() < 0.2) return hostileValue(next);
  const payload: Record<string, unknown> = next() < 0.3 ? (pollution() as Record<string, unknown>) : {};
  for (const key of Object.keys(shape)) if (next() < 0.85) payload[key] = hostileValue(next);
  return payload;
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

test(`every IPC channel answers hostile payloads with typed errors only (seed ${SEED})`, async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'lanes-fuzz-'));
  const dataDir = join(root, 'data');
  const cwd = join(root, 'cwd');
  mkdirSync(cwd);
  const previousCwd = process.cwd();
  // Relative paths in payloads would land here, inside the watched folder, not in the repository.
  process.chdir(cwd);
  const logger = createMemoryLogger();
  const services = createMainServices({
    identity: { name: 'Lanes', version: 'fuzz', transport: 'harness' },
    dataDir,
    locale: 'en-US',
    logger,
    events: () => {},
    env: {},
    secrets: new MemorySecretStore(),
  });
  t.after(() => {
    services.dispose();
    process.chdir(previousCwd);
  });
  const next = random(SEED);
  const known = new Set<string>(errorCodes);
  const channels = [...requestChannelNames, '__proto__', 'constructor', 'toString', '../profiles.use', ''];
  for (const channel of channels) {
    for (let round = 0; round < ROUNDS_PER_CHANNEL; round++) {
      const payload = requestChannelNames.includes(channel as never)
        ? payloadFor(channel as (typeof requestChannelNames)[number], next)
        : hostileValue(next);
      const result = await services.dispatch(channel, payload);
      const where = `${channel} round ${round} (seed ${SEED}): ${describe(payload)}`;
      if (result.ok) continue;
      assert.ok(known.has(result.error.code), `unknown code ${result.error.code} for ${where}`);
      assert.notEqual(result.error.code, 'internal', `internal error for ${where}: ${result.error.message}`);
      assert.notEqual(result.error.code, 'ipc.invalidResponse', `invalid response for ${where}`);
    }
  }
  assert.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype untouched');
  assert.deepEqual(
    logger.lines.filter((line) => / ERROR /.test(line)),
    [],
    'no handler failed unexpectedly',
  );
  const outside = filesUnder(root).filter((file) => relative(dataDir, file).startsWith('..'));
  assert.deepEqual(outside, [], 'nothing written outside the data folder');
});

function describe(payload: unknown): string {
  try {
    const text = JSON.stringify(payload, (_key, value: unknown) =>
      typeof value === 'string' && value.length > 40 ? `<${value.length} chars>` : value,
    );
    return (text ?? String(payload)).slice(0, 300);
  } catch {
    return String(payload).slice(0, 300);
  }
}
