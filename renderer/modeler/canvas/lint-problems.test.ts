import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countProblems, crashedRules, elementsWithErrors, toProblems } from './lint-problems.ts';

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

test('one finding per element and rule: a loose task is one error for each rule it breaks, never more', () => {
  const docs = (rule: string) => ({
    documentation: { url: `https://github.com/bpmn-io/bpmnlint/blob/main/docs/rules/${rule}.md` },
  });
  const report = {
    'no-disconnected': [
      { id: 'Loose', message: 'Element is not connected', category: 'error', meta: docs('no-disconnected') },
      // The same element reported twice by one rule (its label, a second path) is one problem.
      { id: 'Loose', message: 'Element is not connected', category: 'error', meta: docs('no-disconnected') },
    ],
    'no-implicit-start': [{ id: 'Loose', message: 'Element is an implicit start', category: 'error' }],
    'no-implicit-end': [{ id: 'Loose', message: 'Element is an implicit end', category: 'error' }],
    'label-required': [{ id: 'Gw', message: 'Element is missing label/name', category: 'warn' }],
  };
  const problems = toProblems(report);
  assert.deepEqual(
    problems.map((p) => [p.elementId, p.rule, p.severity]),
    [
      ['Loose', 'no-disconnected', 'error'],
      ['Loose', 'no-implicit-end', 'error'],
      ['Loose', 'no-implicit-start', 'error'],
      ['Gw', 'label-required', 'warning'],
    ],
  );
  assert.equal(
    problems[0]!.docsUrl,
    'https://github.com/bpmn-io/bpmnlint/blob/main/docs/rules/no-disconnected.md',
  );
  assert.deepEqual(countProblems(problems), { errors: 3, warnings: 1 });
  assert.deepEqual(
    elementsWithErrors(problems).map((p) => p.elementId),
    ['Loose'],
    'what blocks the publish: one element',
  );
});
