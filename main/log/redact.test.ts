import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redact, registerSecret } from './redact.ts';
import { createMemoryLogger } from './logger.ts';

test('token query parameters and auth headers are masked by pattern', () => {
  const line = redact(
    'GET https://h/_api/v1/bpmn/1?lcid=0&svc-auth-token=abc123XYZ&x=1 symbio-auth-token: tok-987654 Authorization: AppKey k-55555',
  );
  assert.doesNotMatch(line, /abc123XYZ|tok-987654|k-55555/);
  assert.match(line, /lcid=0/);
  assert.match(line, /&x=1/);
});

test('registered secrets are masked wherever they appear, including error stacks', () => {
  registerSecret('s3cr3t-token-value');
  const logger = createMemoryLogger();
  logger.error('request failed', new Error('401 for s3cr3t-token-value'), { token: 's3cr3t-token-value' });
  assert.equal(logger.lines.length, 1);
  assert.doesNotMatch(logger.lines[0]!, /s3cr3t-token-value/);
});
