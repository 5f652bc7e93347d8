import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countProblems, crashedRules, toProblems } from './lint-problems.ts';

test('findings become rows, errors first; a crashed rule is not a problem but makes lint unavailable', () => {
  const report = {
    'superfluous-gateway': [{ id: 'Gw_1', message: 'Gateway is superfluous', category: 'warn' }],
    'end-event-required': [{ id: 'Process_1', message: 'Process is missing end event', category: 'error' }],
    'broken-rule': [{ id: 'X', message: 'Rule error: boom', category: 'rule-error' }],
    empty: undefined,
  };
  const problems = toProblems(report);
  assert.deepEqual(
    problems.map((p) => [p.severity, p.elementId, p.rule]),
    [
      ['error', 'Process_1', 'end-event-required'],
      ['warning', 'Gw_1', 'superfluous-gateway'],
    ],
  );
  assert.deepEqual(countProblems(problems), { errors: 1, warnings: 1 });
  assert.deepEqual(crashedRules(report), ['broken-rule: Rule error: boom']);
  assert.deepEqual(crashedRules({ fine: [{ id: 'A', message: 'm', category: 'warn' }] }), []);
});
