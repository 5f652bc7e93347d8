import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';

test('a failed test leaves a screenshot of its page, a passed one none', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lanes-failures-'));
  try {
    const shots = join(dir, 'shots');
    // A suite as the e2e files write them, its page a stand-in that records where it was drawn to.
    const suite = join(dir, 'suite.test.ts');
    writeFileSync(
      suite,
      `import { describe, test } from 'node:test';
import { writeFileSync } from 'node:fs';
import { screenshotFailures } from ${JSON.stringify(pathToFileURL(join(import.meta.dirname, 'screenshots.ts')).href)};
const page = { isClosed: () => false, screenshot: async ({ path }) => { writeFileSync(path, 'png'); return Buffer.from('png'); } };
describe('a suite', () => {
  screenshotFailures(() => page, ${JSON.stringify(shots)});
  test('passes', () => {});
  test('fails: on "purpose"', () => { throw new Error('as planned'); });
});
`,
    );
    // Its own test run, not a part of this one (node:test tells a child run by NODE_TEST_CONTEXT).
    const { NODE_TEST_CONTEXT: _parent, ...env } = process.env;
    const run = await promisify(execFile)(process.execPath, ['--test', suite], { env }).catch(
      (error: { stdout: string; code: number }) => error,
    );
    assert.equal((run as { code?: number }).code, 1, 'the suite fails, as one of its tests does');
    assert.deepEqual(readdirSync(shots), ['fails_ on _purpose_.png']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
