import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ConnectionTest } from '../../shared/domain/profiles.ts';
import { translate } from '../../shared/i18n/translate.ts';
import { describeTestResult, networkReasonKey, statusOf } from './connection-test-text.ts';

type Result = ConnectionTest[number];
const failed = (iface: Result['interface'], code: string, params: Record<string, string> = {}): Result => ({
  interface: iface,
  ok: false,
  code,
  message: `English fallback for ${code}`,
  params,
});
const text = (result: Result, language: 'en' | 'de' = 'en'): string => {
  const described = describeTestResult(result);
  if ('key' in described) {
    const reasonKey = networkReasonKey(described.params.reason);
    const reason = reasonKey ? { reason: translate(language, reasonKey) } : {};
    return translate(language, described.key, { ...described.params, ...reason });
  }
  return 'text' in described ? described.text : described.error.message;
};

test('a refused credential names the field to fix, per interface', () => {
  assert.match(text(failed('process', 'api.unauthorized')), /^Wrong auth token/);
  assert.match(text(failed('bpmn', 'api.unauthorized')), /^Wrong BPMN token/);
  assert.match(text(failed('reporting', 'api.unauthorized')), /tenant id or the API key/);
  assert.match(text(failed('dataPush', 'api.unauthorized')), /^Wrong data push key/);
  assert.match(text(failed('process', 'api.unauthorized'), 'de'), /^Falsches Auth-Token/);
});

test('unreachable host, wrong tenant id, unknown ids and wrong paths get their own sentences', () => {
  assert.equal(
    text(failed('process', 'api.unreachable', { origin: 'http://127.0.0.1:9', reason: 'refused' })),
    'Host unreachable: Lanes could not reach http://127.0.0.1:9 (connection refused). Check the address and your network.',
  );
  assert.equal(networkReasonKey('refused'), 'reason.refused');
  assert.equal(networkReasonKey('EWEIRD'), undefined);
  assert.match(
    text(failed('reporting', 'api.badRequest', { serviceMessage: 'x-tenant-id must be a GUID.' })),
    /rejected the tenant id \(x-tenant-id must be a GUID\.\)\. It must be a GUID/,
  );
  assert.match(text(failed('process', 'api.notFound')), /collection or storage/);
  assert.match(text(failed('dataPush', 'api.notFound')), /pool/);
  assert.match(text(failed('reporting', 'api.notFound')), /choose the right region/);
});

test('other failures are translated by their error code, unknown codes fall back to main’s message', () => {
  const timeout = describeTestResult(failed('process', 'api.timeout', { operation: 'list facets' }));
  assert.ok('error' in timeout);
  assert.equal(timeout.error.code, 'api.timeout');
  assert.deepEqual(describeTestResult(failed('process', 'something.new')), {
    text: 'English fallback for something.new',
  });
});

test('status: ok, not configured, failed', () => {
  assert.equal(statusOf({ interface: 'process', ok: true, code: null, message: null, params: {} }), 'ok');
  assert.equal(statusOf(failed('bpmn', 'notConfigured')), 'notConfigured');
  assert.equal(statusOf(failed('bpmn', 'api.unauthorized')), 'failed');
  assert.match(text(failed('bpmn', 'notConfigured')), /^Not configured$/);
});
