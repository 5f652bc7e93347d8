import { test } from 'node:test';
import assert from 'node:assert/strict';
import { insecureUrlFields, profileNameProblem, profileNameSchema } from './profiles.ts';

test('plain http:// to another host is insecure; https and loopback are not', () => {
  assert.deepEqual(
    insecureUrlFields({
      processBaseUrl: 'http://tenant.example.com/api',
      reportingBaseUrl: 'https://reporting.example.com',
      dataPushBaseUrl: 'HTTP://10.0.0.5:8080',
    }),
    ['processBaseUrl', 'dataPushBaseUrl'],
  );
  for (const local of [
    'http://127.0.0.1:9',
    'http://localhost:3000',
    'http://[::1]:80',
    'http://app.localhost',
  ])
    assert.deepEqual(insecureUrlFields({ processBaseUrl: local }), [], local);
  assert.deepEqual(insecureUrlFields({ processBaseUrl: 'http://[::1' }), [], 'not a URL: refused elsewhere');
});

test('profile names: dot-only, path-like, padded, empty and too long are refused, at the IPC boundary too', () => {
  for (const bad of ['.', '..', '....', 'a/b', 'a\\b', '', 'x'.repeat(61), ' a', 'a\u0000'])
    assert.ok(profileNameProblem(bad), JSON.stringify(bad));
  for (const good of ['Demo tenant', 'Team_A', 'a.b', '__proto__', 'constructor'])
    assert.equal(profileNameProblem(good), null, good);
  assert.equal(profileNameSchema.safeParse('..').success, false);
  assert.equal(profileNameSchema.safeParse('  Demo  ').data, 'Demo', 'trimmed, as before');
});
