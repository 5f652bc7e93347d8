import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from './logger.ts';
import { registerSecret } from './redact.ts';
import { createRotatingLogFile, logFolderOf } from './rotating-log-file.ts';

test('main logs to a file in the data folder, redacted, rotating so that it never grows without bound', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lanes-log-'));
  try {
    const folder = logFolderOf(dataDir);
    const logger = createLogger('main', createRotatingLogFile({ folder, maxBytes: 400, keep: 2 }));
    const token = 'tok-' + 'x'.repeat(24);
    registerSecret(token);
    logger.info('first line', { authToken: token });
    const first = readFileSync(join(folder, 'main.log'), 'utf8');
    assert.match(first, /INFO \[main\] first line/);
    assert.ok(!first.includes(token), 'tokens are redacted in the file as everywhere');
    if (process.platform !== 'win32') assert.equal(statSync(join(folder, 'main.log')).mode & 0o777, 0o600);

    for (let index = 0; index < 40; index++) logger.warn(`line ${index} ${'-'.repeat(40)}`);
    assert.deepEqual(
      readdirSync(folder).sort(),
      ['main.1.log', 'main.2.log', 'main.log'],
      'two old files kept',
    );
    for (const file of readdirSync(folder)) assert.ok(statSync(join(folder, file)).size <= 400, file);
    assert.match(readFileSync(join(folder, 'main.log'), 'utf8'), /line 39/, 'the newest line is in main.log');
    assert.ok(
      !readdirSync(folder).some((file) => readFileSync(join(folder, file), 'utf8').includes('first line')),
      'the oldest lines were dropped',
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a log folder that cannot be written does not throw into the app', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lanes-log-'));
  try {
    createRotatingLogFile({ folder: dataDir })('makes main.log a file');
    // A "folder" inside a file can never be created.
    const sink = createRotatingLogFile({ folder: join(dataDir, 'main.log', 'logs') });
    assert.doesNotThrow(() => sink('a line'));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
