import { test } from 'node:test';
import assert from 'node:assert/strict';
import recommended from 'bpmnlint/config/recommended.js';
import { bundledLintConfig, bundledRules } from './lint-config.ts';

test('every rule of the recommended config resolves to a working rule factory', () => {
  const { config, resolver } = bundledLintConfig();
  const names = Object.keys(config.rules);
  assert.deepEqual(names.sort(), Object.keys(recommended.rules).sort());
  for (const name of names) {
    const factory = resolver.resolveRule('bpmnlint', name);
    assert.equal(typeof factory, 'function', name);
    const rule = factory!() as { check?: unknown };
    assert.ok(rule && (typeof rule.check === 'function' || typeof rule.check === 'object'), name);
  }
});

test('the bundle holds no rule the recommended config does not name', () => {
  assert.deepEqual(Object.keys(bundledRules).sort(), Object.keys(recommended.rules).sort());
});

test('unknown packages, rules and configs resolve to nothing', () => {
  const { resolver } = bundledLintConfig();
  assert.equal(resolver.resolveRule('bpmnlint-plugin-x', 'end-event-required'), undefined);
  assert.equal(resolver.resolveRule('bpmnlint', 'toString'), undefined);
  assert.equal(resolver.resolveConfig('bpmnlint', 'all'), undefined);
  assert.deepEqual(resolver.resolveConfig('bpmnlint', 'recommended'), { rules: recommended.rules });
});

test('bpmnlint lints with the bundled config: a process without an end event is an error', async () => {
  const { default: Linter } = (await import('bpmnlint/lib/linter.js')) as unknown as {
    default: new (options: unknown) => { lint(definitions: unknown): Promise<Record<string, unknown[]>> };
  };
  const { BpmnModdle } = await import('bpmn-moddle');
  const { newDiagramXml } = await import('../modeler/workspace/new-diagram.ts');
  const { rootElement } = await new BpmnModdle().fromXML(newDiagramXml('Lint me'));
  const results = await new Linter(bundledLintConfig()).lint(rootElement);
  assert.ok(results['end-event-required']?.length, JSON.stringify(Object.keys(results)));
});
