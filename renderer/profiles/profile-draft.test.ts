import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reportingRegions } from '../../shared/domain/profiles.ts';
import { draftFrom, regionOf, saveRequestOf, validateDraft, type ProfileDraft } from './profile-draft.ts';

const complete = (): ProfileDraft => {
  const draft = draftFrom(undefined);
  draft.name = ' Acme prod ';
  draft.fields.processBaseUrl = 'https://acme.example.com ';
  draft.fields.collectionId = 'c1';
  draft.fields.storageId = 's1';
  draft.region = 'us';
  draft.fields.tenantId = '0F8FAD5B-D9CB-469F-A165-70867728950E';
  draft.secrets.authToken = 'token-1 ';
  return draft;
};
const adding = { editing: false, existingNames: ['Demo tenant'] };

test('a complete draft is valid and becomes a trimmed save request without empty fields or blank secrets', () => {
  const draft = complete();
  assert.deepEqual(validateDraft(draft, adding), {});
  assert.deepEqual(saveRequestOf(draft), {
    name: 'Acme prod',
    fields: {
      processBaseUrl: 'https://acme.example.com',
      collectionId: 'c1',
      storageId: 's1',
      reportingBaseUrl: reportingRegions.us,
      tenantId: '0F8FAD5B-D9CB-469F-A165-70867728950E',
    },
    secrets: { authToken: 'token-1' },
  });
});

test('name rules: required, allowed characters, length, not taken (only when adding)', () => {
  const check = (name: string, context = adding) => validateDraft({ ...complete(), name }, context).name;
  assert.equal(check('  '), 'profiles.invalid.nameRequired');
  assert.equal(check('acme/prod'), 'profiles.invalid.nameChars');
  assert.equal(check('x'.repeat(61)), 'profiles.invalid.nameLength');
  assert.equal(check('demo TENANT'), 'profiles.invalid.nameTaken');
  assert.equal(check('Demo tenant', { editing: true, existingNames: ['Demo tenant'] }), undefined);
});

test('addresses must be full http(s) URLs, the tenant id a GUID, and the process ids come together', () => {
  const draft = complete();
  draft.fields.processBaseUrl = 'acme.example.com';
  draft.region = 'custom';
  draft.fields.reportingBaseUrl = 'ftp://reports.example.com';
  draft.fields.dataPushBaseUrl = 'https://push.example.com/v1';
  draft.fields.tenantId = 'acme';
  assert.deepEqual(validateDraft(draft, adding), {
    processBaseUrl: 'profiles.invalid.url',
    reportingBaseUrl: 'profiles.invalid.url',
    tenantId: 'profiles.invalid.guid',
  });
  const partial = complete();
  partial.fields.storageId = '';
  assert.deepEqual(validateDraft(partial, adding), { storageId: 'profiles.invalid.processIncomplete' });
  const empty = draftFrom(undefined);
  empty.name = 'reporting only';
  assert.deepEqual(validateDraft(empty, adding), {}, 'every interface is optional');
});

test('the reporting address maps to a region preset, another address, or none', () => {
  assert.equal(regionOf(undefined), 'none');
  assert.equal(regionOf(reportingRegions.jp + '/'), 'jp');
  assert.equal(regionOf('http://127.0.0.1:4000/reporting'), 'custom');
  const edited = draftFrom({
    name: 'x',
    current: false,
    fields: { reportingBaseUrl: reportingRegions.eu },
    secretsSet: ['authToken'],
  });
  assert.equal(edited.region, 'eu');
  assert.equal(edited.secrets.authToken, '', 'secrets are never prefilled');
  edited.region = 'none';
  assert.equal(saveRequestOf(edited).fields.reportingBaseUrl, undefined);
});
