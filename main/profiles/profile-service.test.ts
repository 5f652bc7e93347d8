import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { ProfileService } from './profile-service.ts';
import { MemorySecretStore } from './secret-store.ts';
import { ProfileStore } from './profile-store.ts';

let emulator: RunningEmulator;
before(async () => {
  emulator = await startEmulator({ seed: 'empty', quiet: true });
});
after(() => emulator.close());

function service() {
  const dataDir = mkdtempSync(join(tmpdir(), 'lanes-profiles-'));
  let changes = 0;
  const secrets = new MemorySecretStore();
  return {
    dataDir,
    secrets,
    profiles: new ProfileService(dataDir, secrets, () => changes++),
    changes: () => changes,
  };
}

function request(name: string, override: Record<string, string> = {}) {
  const c = { ...emulator.config, ...override };
  return {
    name,
    fields: {
      processBaseUrl: c.processBaseUrl,
      collectionId: c.collectionId,
      storageId: c.storageId,
      reportingBaseUrl: c.reportingBaseUrl,
      tenantId: c.tenantId,
      dataPushBaseUrl: c.dataPushBaseUrl,
      poolId: c.poolId,
    },
    secrets: {
      authToken: c.authToken,
      bpmnToken: c.bpmnToken,
      reportingApiKey: c.reportingApiKey,
      dataPushKey: c.dataPushKey,
    },
  };
}

test('secrets go to the secret store only; the list says which are set, never their values', () => {
  const { dataDir, profiles, changes } = service();
  const [summary] = profiles.save(request('tenant'));
  assert.deepEqual(summary!.secretsSet, ['authToken', 'bpmnToken', 'reportingApiKey', 'dataPushKey']);
  assert.equal(summary!.current, true);
  assert.equal(changes(), 1, 'the first profile becomes current');
  const onDisk = readFileSync(join(dataDir, 'profiles.json'), 'utf8');
  for (const secret of Object.values(request('tenant').secrets)) assert.ok(!onDisk.includes(secret));
  assert.ok(!JSON.stringify(profiles.list()).includes(emulator.config.authToken));
  // Saving again with blank secrets keeps them.
  const [again] = profiles.save({ ...request('tenant'), secrets: {} });
  assert.equal(again!.secretsSet.length, 4);
});

test('test connection checks each interface and says precisely what failed', async () => {
  const { profiles } = service();
  profiles.save(request('good'));
  assert.deepEqual(
    (await profiles.test('good')).map((r) => [r.interface, r.ok]),
    [
      ['process', true],
      ['bpmn', true],
      ['reporting', true],
      ['dataPush', true],
    ],
  );
  profiles.save(
    request('wrong', { authToken: 'wrong-token-1', tenantId: '00000000-0000-0000-0000-000000000000' }),
  );
  const wrong = await profiles.test('wrong');
  assert.deepEqual(
    wrong.map((r) => [r.interface, r.ok, r.code]),
    [
      ['process', false, 'api.unauthorized'],
      ['bpmn', true, null],
      ['reporting', false, 'api.unauthorized'],
      ['dataPush', true, null],
    ],
  );
  profiles.save({
    name: 'nowhere',
    fields: { processBaseUrl: 'http://127.0.0.1:9', collectionId: 'c', storageId: 's' },
    secrets: { authToken: 'x-123456' },
  });
  const nowhere = await profiles.test('nowhere');
  assert.equal(nowhere[0]!.code, 'api.unreachable');
  assert.deepEqual(
    nowhere.slice(1).map((r) => r.code),
    ['notConfigured', 'notConfigured', 'notConfigured'],
  );
});

test('a profile the CLI made with a secrets file keeps its secrets when edited in the app', () => {
  const { dataDir, profiles, secrets } = service();
  const file = join(dataDir, 'cli.secrets.json');
  new ProfileStore(dataDir).save('cli', { ...request('cli').fields, ...request('cli').secrets }, file);
  assert.equal(profiles.list()[0]!.secretsSet.length, 4, 'secrets in the file count as set');
  const [edited] = profiles.save({
    ...request('cli'),
    fields: { ...request('cli').fields, poolId: 'p2' },
    secrets: {},
  });
  assert.equal(edited!.fields.poolId, 'p2');
  assert.equal(edited!.secretsSet.length, 4);
  assert.equal(secrets.load('cli').authToken, emulator.config.authToken, 'moved into the protected store');
});

test('use switches the current profile and remove deletes its secrets', () => {
  const { profiles, secrets, changes } = service();
  profiles.save(request('a'));
  profiles.save(request('b'));
  const before = changes();
  profiles.use('b');
  assert.equal(changes(), before + 1);
  assert.deepEqual(
    profiles.list().map((p) => [p.name, p.current]),
    [
      ['a', false],
      ['b', true],
    ],
  );
  profiles.remove('b');
  assert.deepEqual(secrets.load('b'), {});
  assert.deepEqual(
    profiles.list().map((p) => p.name),
    ['a'],
  );
});
