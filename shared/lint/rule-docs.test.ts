import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bundledRules } from './bundled-rules.ts';
import { isRuleDocsUrl, ruleDocsUrl } from './rule-docs.ts';

const rules = Object.keys(bundledRules);

test('the documentation page of every bundled rule is allowed, as bpmnlint itself links it', () => {
  for (const rule of rules) assert.ok(isRuleDocsUrl(ruleDocsUrl(rule)!, rules), rule);
});

test('anything else is refused: other rules, hosts, paths, schemes and tricks', () => {
  for (const url of [
    'https://github.com/bpmn-io/bpmnlint/blob/main/docs/rules/not-a-rule.md',
    'https://github.com/bpmn-io/bpmnlint/blob/main/docs/rules/../../../../evil/no-disconnected.md',
    'https://github.com/bpmn-io/bpmnlint/blob/main/docs/rules/no-disconnected.md?x=1',
    'https://github.com/bpmn-io/bpmnlint/blob/main/docs/rules/no-disconnected.md#a',
    'https://github.com.evil.example/bpmn-io/bpmnlint/blob/main/docs/rules/no-disconnected.md',
    'http://github.com/bpmn-io/bpmnlint/blob/main/docs/rules/no-disconnected.md',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://evil.example/',
    '',
  ])
    assert.equal(isRuleDocsUrl(url, rules), false, url);
  assert.equal(ruleDocsUrl('../x'), null);
});
