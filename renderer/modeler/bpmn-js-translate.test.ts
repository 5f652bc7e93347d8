import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bpmnJsDe } from '../../shared/i18n/features/bpmn-js.de.ts';
import { bpmnJsEn } from '../../shared/i18n/features/bpmn-js.en.ts';
import { translateBpmnJs } from './bpmn-js-translate.ts';

test('English shows bpmn-js templates as they are; German has a text for every one of them', () => {
  assert.deepEqual(Object.keys(bpmnJsDe).sort(), Object.keys(bpmnJsEn).sort());
  for (const [template, english] of Object.entries(bpmnJsEn)) {
    assert.equal(english, template, "the English catalog is bpmn-js's own text");
    assert.ok(bpmnJsDe[template as keyof typeof bpmnJsDe].trim(), `German for "${template}"`);
  }
});

test('the palette and minimap texts are German in German', () => {
  assert.equal(translateBpmnJs('de', 'Create task'), 'Aufgabe erstellen');
  assert.equal(translateBpmnJs('de', 'Open minimap'), 'Übersicht öffnen');
  assert.equal(translateBpmnJs('en', 'Create task'), 'Create task');
});

test('a template not in the catalog stays English; placeholders are filled either way', () => {
  assert.equal(translateBpmnJs('de', 'Unknown {thing}', { thing: 'text' }), 'Unknown text');
  assert.equal(translateBpmnJs('de', 'Left {open}'), 'Left {open}');
});
