import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LanesError } from '../../shared/ipc/errors.ts';
import { cacheFileFor } from '../cache/cache-location.ts';
import { EncryptedSecretFiles, type SecretCipher } from './encrypted-secret-files.ts';
import { profileFolder, ProfileStore } from './profile-store.ts';
import { resolveConnection } from './resolve-connection.ts';

const home = (): string => mkdtempSync(join(tmpdir(), 'lanes-profiles-'));
const url = { processBaseUrl: 'https://tenant.example/api' };

/** The one seam: safeStorage needs Electron, so the cipher here only reverses the bytes. */
const reversingCipher: SecretCipher = {
  encrypt: (plain) => Buffer.from(plain, 'utf8').reverse(),
  decrypt: (cipher) => Buffer.from(cipher).reverse().toString('utf8'),
  protection: () => ({ available: true, backend: 'test', weak: false }),
};

function isError(code: string): (error: unknown) => boolean {
  return (error) => error instanceof LanesError && error.code === code;
}

test('names that collided as file names, also by case, get folders of their own and keep their own tokens', () => {
  const dataDir = home();
  const store = new ProfileStore(dataDir);
  const secrets = new EncryptedSecretFiles((name) => profileFolder(dataDir, name), reversingCipher);
  const names = ['Team A', 'Team_A', 'Demo', 'demo'];
  for (const name of names) {
    store.save(name, url, undefined);
    secrets.save(name, { authToken: `token of ${name}` });
  }
  const folders = names.map((name) => store.folderOf(name).toLowerCase());
  assert.equal(new Set(folders).size, names.length, 'distinct even on a case-insensitive disk');
  assert.equal(new Set(names.map((name) => cacheFileFor(dataDir, name).toLowerCase())).size, names.length);
  for (const name of names) assert.equal(secrets.load(name).authToken, `token of ${name}`);
  secrets.remove('Team A');
  assert.deepEqual(secrets.load('Team A'), {});
  assert.equal(secrets.load('Team_A').authToken, 'token of Team_A', "removing one keeps the other's");
});

test('the secrets file is replaced whole at mode 0600, never rewritten in place', () => {
  const dataDir = home();
  new ProfileStore(dataDir).save('a', url, undefined);
  const secrets = new EncryptedSecretFiles((name) => profileFolder(dataDir, name), reversingCipher);
  secrets.save('a', { authToken: 'first' });
  const file = join(profileFolder(dataDir, 'a'), 'secrets.bin');
  const inode = statSync(file).ino;
  secrets.save('a', { authToken: 'second' });
  assert.notEqual(statSync(file).ino, inode, 'a new file renamed over the old one');
  assert.equal(statSync(file).mode & 0o777, 0o600);
  assert.equal(secrets.load('a').authToken, 'second');
});

test('profiles of the old layout move to folders of their own; a folder two names shared goes to neither', () => {
  const dataDir = home();
  const legacyFolder = (name: string): string => join(dataDir, 'profiles', name);
  for (const folder of ['Solo', 'Team_A', 'Demo']) {
    mkdirSync(legacyFolder(folder), { recursive: true });
    writeFileSync(join(legacyFolder(folder), 'cache.db'), `cache of ${folder}`);
  }
  writeFileSync(
    join(dataDir, 'profiles.json'),
    JSON.stringify({
      current: 'Solo',
      profiles: { Solo: url, 'Team A': url, Team_A: url, Demo: url, demo: url, '..': url },
    }),
  );
  const store = new ProfileStore(dataDir);
  assert.deepEqual(
    store.list().map((p) => [p.name, p.current]),
    [
      ['Solo', true],
      ['Team A', false],
      ['Team_A', false],
      ['Demo', false],
      ['demo', false],
      ['..', false],
    ],
  );
  assert.equal(readFileSync(cacheFileFor(dataDir, 'Solo'), 'utf8'), 'cache of Solo', 'moved with its cache');
  assert.equal(existsSync(legacyFolder('Solo')), false);
  for (const name of ['Team A', 'Team_A', 'Demo', 'demo']) {
    assert.equal(existsSync(cacheFileFor(dataDir, name)), false, `${name} starts with an empty cache`);
  }
  assert.equal(
    readFileSync(join(legacyFolder('Team_A'), 'cache.db'), 'utf8'),
    'cache of Team_A',
    'left alone',
  );
  assert.ok(existsSync(join(dataDir, 'profiles.json')), 'the data folder itself never moved for ".."');
  const saved = JSON.parse(readFileSync(join(dataDir, 'profiles.json'), 'utf8')) as { version: number };
  assert.equal(saved.version, 2);
  const before = store.folderOf('Solo');
  assert.equal(new ProfileStore(dataDir).folderOf('Solo'), before, 'stable across reads');
});

test('an interrupted migration finds the folders it already moved', () => {
  const dataDir = home();
  mkdirSync(join(dataDir, 'profiles', 'Solo'), { recursive: true });
  const legacy = JSON.stringify({ current: 'Solo', profiles: { Solo: url } });
  writeFileSync(join(dataDir, 'profiles.json'), legacy);
  const folder = new ProfileStore(dataDir).folderOf('Solo');
  writeFileSync(join(dataDir, 'profiles.json'), legacy); // as if the crash came before profiles.json was written
  assert.equal(new ProfileStore(dataDir).folderOf('Solo'), folder);
  assert.ok(existsSync(folder));
});

test('names that are object properties or paths are only names: never found unless saved', () => {
  const dataDir = home();
  const store = new ProfileStore(dataDir);
  store.save('a', url, undefined);
  for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', '.', '..', '../a']) {
    assert.throws(() => store.use(name), isError('profiles.notFound'), name);
    assert.throws(() => store.get(name), isError('profiles.notFound'), name);
    assert.throws(() => store.folderOf(name), isError('profiles.notFound'), name);
    assert.throws(() => resolveConnection(store, { profile: name, env: {} }), isError('profiles.notFound'));
  }
  assert.equal(store.current(), 'a');
  store.save('__proto__', url, undefined);
  assert.deepEqual(
    store.list().map((p) => p.name),
    ['a', '__proto__'],
  );
  assert.equal(({} as Record<string, unknown>).processBaseUrl, undefined, 'no prototype was touched');
});

test('a name that is empty, too long, only dots or path-like is refused with a typed error', () => {
  const store = new ProfileStore(home());
  for (const name of ['', ' ', '.', '..', '...', 'a/b', 'a\\b', 'x'.repeat(61), ' padded', 'tab\there']) {
    assert.throws(
      () => store.save(name, url, undefined),
      isError('profiles.invalidName'),
      JSON.stringify(name),
    );
  }
  assert.deepEqual(store.list(), []);
});

test('a service address that is not an http(s) URL is refused where it enters', () => {
  const dataDir = home();
  const store = new ProfileStore(dataDir);
  for (const bad of ['http://[::1', 'ftp://host/x', 'not a url']) {
    assert.throws(() => store.save('p', { processBaseUrl: bad }, undefined), isError('profiles.invalidUrl'));
    assert.throws(
      () => resolveConnection(store, { flags: { processBaseUrl: bad }, env: {} }),
      isError('profiles.invalidUrl'),
    );
  }
});
