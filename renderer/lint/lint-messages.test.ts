import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { BpmnModdle } from 'bpmn-moddle';
import { lintEn } from '../../shared/i18n/features/lint.en.ts';
import { bundledLintConfig, bundledRules } from './lint-config.ts';
import { translatedRules } from './lint-messages.ts';

// locale-controller sets <html lang> on a switch; a stub document is enough here.
(globalThis as unknown as { document: unknown }).document ??= { documentElement: {} };
const { setUiLanguage } = await import('../i18n/locale-controller.ts');
after(() => setUiLanguage('en'));

const { default: Linter } = (await import('bpmnlint/lib/linter.js')) as unknown as {
  default: new (options: unknown) => {
    lint(definitions: unknown): Promise<Record<string, { id: string; message: string }[]>>;
  };
};

const xml = (body: string): string => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="t">
  ${body}
</bpmn:definitions>`;

async function lint(body: string): Promise<Record<string, { id: string; message: string }[]>> {
  const { rootElement } = await new BpmnModdle().fromXML(xml(body));
  return new Linter(bundledLintConfig(translatedRules(bundledRules))).lint(rootElement);
}

const PROCESS = `<bpmn:process id="p">
    <bpmn:startEvent id="start" />
    <bpmn:task id="loose" name="Loose" />
    <bpmn:subProcess id="sub"><bpmn:task id="inner" name="Inner" /></bpmn:subProcess>
    <bpmn:message id="m1" name="Twice" /><bpmn:message id="m2" name="Twice" />
  </bpmn:process>`;

test('messages follow the UI language, keyed by rule; the scope comes from the element type', async () => {
  setUiLanguage('de');
  const results = await lint(PROCESS);
  const message = (rule: string, id: string): string | undefined =>
    results[rule]?.find((finding) => finding.id === id)?.message;
  assert.equal(message('no-disconnected', 'loose'), 'Das Element ist nicht verbunden');
  assert.equal(message('end-event-required', 'p'), 'Prozess hat kein Endereignis');
  assert.equal(message('end-event-required', 'sub'), 'Teilprozess hat kein Endereignis');

  setUiLanguage('en');
  const english = await lint(PROCESS);
  assert.equal(
    english['end-event-required']?.find((finding) => finding.id === 'sub')?.message,
    'Sub-process is missing an end event',
  );
});

test('every finding in this diagram reads as a catalog text', async () => {
  setUiLanguage('en');
  const results = await lint(PROCESS);
  const patterns = Object.values(lintEn).map(
    (template) =>
      new RegExp(`^${template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[a-z]+\\\}/gi, '.+')}$`),
  );
  const findings = Object.entries(results).flatMap(([rule, list]) => list.map((f) => ({ rule, ...f })));
  assert.ok(findings.length >= 4, 'the diagram has several findings');
  for (const { rule, message } of findings)
    assert.ok(
      patterns.some((pattern) => pattern.test(message)),
      `${rule}: "${message}"`,
    );
});

test('a link name is carried over into the translated message', async () => {
  setUiLanguage('de');
  const results = await lint(`<bpmn:process id="p">
    <bpmn:intermediateThrowEvent id="throw"><bpmn:linkEventDefinition id="l1" name="Ziel A" /></bpmn:intermediateThrowEvent>
  </bpmn:process>`);
  const messages = (results['link-event'] ?? []).map((finding) => finding.message);
  assert.ok(
    messages.includes('Kein empfangendes Link-Ereignis mit dem Link-Namen „Ziel A“ im selben Bereich'),
    JSON.stringify(messages),
  );
});
