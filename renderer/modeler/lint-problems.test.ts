import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countProblems, toProblems } from './lint-problems.ts';

test('findings become rows, errors first, rule crashes count as errors', () => {
  const problems = toProblems({
    'superfluous-gateway': [{ id: 'Gw_1', message: 'Gateway is superfluous', category: 'warn' }],
    'end-event-required': [{ id: 'Process_1', message: 'Process is missing end event', category: 'error' }],
    'broken-rule': [{ id: 'X', message: 'Rule error: boom', category: 'rule-error' }],
    empty: undefined,
  });
  assert.deepEqual(
    problems.map((p) => [p.severity, p.elementId, p.rule]),
    [
      ['error', 'Process_1', 'end-event-required'],
      ['error', 'X', 'broken-rule'],
      ['warning', 'Gw_1', 'superfluous-gateway'],
    ],
  );
  assert.deepEqual(countProblems(problems), { errors: 2, warnings: 1 });
});
