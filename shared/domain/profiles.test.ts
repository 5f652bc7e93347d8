import { test } from 'node:test';
import assert from 'node:assert/strict';
import { profileFromValues } from './profiles.ts';

test('a flat record of connection values splits into plain fields and secrets, blanks and extras left out', () => {
  const save = profileFromValues('Demo', {
    processBaseUrl: 'http://127.0.0.1:1',
    collectionId: 'c1',
    storageId: '',
    authToken: 'secret-1',
    dataPushKey: 'secret-2',
    somethingElse: 'ignored',
    poolId: 42,
  });
  assert.deepEqual(save, {
    name: 'Demo',
    fields: { processBaseUrl: 'http://127.0.0.1:1', collectionId: 'c1' },
    secrets: { authToken: 'secret-1', dataPushKey: 'secret-2' },
  });
});
