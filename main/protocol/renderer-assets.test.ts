import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAsset, resolveAssetPath } from './renderer-assets.ts';

const root = mkdtempSync(join(tmpdir(), 'lanes-assets-'));
mkdirSync(join(root, 'renderer'));
writeFileSync(join(root, 'renderer', 'index.html'), '<!doctype html>');
writeFileSync(join(root, 'secret.txt'), 'outside');

test('no request path resolves outside the renderer folder', () => {
  const dir = join(root, 'renderer');
  for (const path of [
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2Fsecret.txt',
    '/a/../../secret.txt',
    '/..\\secret.txt',
  ]) {
    const resolved = resolveAssetPath(dir, path);
    assert.ok(resolved === undefined || resolved.startsWith(dir + '/'), `${path} -> ${resolved}`);
  }
  assert.equal(resolveAssetPath(dir, '/%00'), undefined);
  assert.equal(resolveAssetPath(dir, '/%E0%A4%A'), undefined, 'malformed escapes are refused');
  assert.equal(resolveAssetPath(dir, '/'), join(dir, 'index.html'));
});

test('assets are served with the CSP header; unknown types and missing files are 404', async () => {
  const dir = join(root, 'renderer');
  const ok = await loadAsset(dir, '/index.html');
  assert.equal(ok.status, 200);
  assert.match(ok.headers['Content-Security-Policy'] ?? '', /script-src 'self'/);
  assert.match(ok.headers['Content-Security-Policy'] ?? '', /connect-src 'none'/);
  assert.equal((await loadAsset(dir, '/missing.js')).status, 404);
  assert.equal((await loadAsset(dir, '/../secret.txt')).status, 404);
});
