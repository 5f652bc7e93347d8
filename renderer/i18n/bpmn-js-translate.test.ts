import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bpmnJsAidsDe } from '../../shared/i18n/features/bpmn-js-aids.de.ts';
import { bpmnJsAidsEn } from '../../shared/i18n/features/bpmn-js-aids.en.ts';
import { bpmnJsDe } from '../../shared/i18n/features/bpmn-js.de.ts';
import { bpmnJsEn } from '../../shared/i18n/features/bpmn-js.en.ts';
import { bpmnJsPanelDe } from '../../shared/i18n/features/bpmn-js-panel.de.ts';
import { bpmnJsPanelEn } from '../../shared/i18n/features/bpmn-js-panel.en.ts';
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

test('the modeling aids and the replace menu are German in German, with a text for every template', () => {
  assert.deepEqual(Object.keys(bpmnJsAidsDe).sort(), Object.keys(bpmnJsAidsEn).sort());
  for (const [template, english] of Object.entries(bpmnJsAidsEn)) {
    assert.equal(english, template, "the English catalog is the library's own text");
    assert.notEqual(
      bpmnJsAidsDe[template as keyof typeof bpmnJsAidsDe].trim(),
      '',
      `German for "${template}"`,
    );
  }
  assert.equal(translateBpmnJs('de', 'Set color'), 'Farbe festlegen');
  assert.equal(translateBpmnJs('de', 'Append element'), 'Element anhängen');
  assert.equal(translateBpmnJs('de', 'User task'), 'Benutzeraufgabe');
  assert.equal(translateBpmnJs('en', 'User task'), 'User task');
});

test('the properties panel names every element type in its header in German', () => {
  // bpmn-js-properties-panel writes the header from its table of element types (one icon each):
  // "MessageStartEventNonInterrupting" → translate("Message Start Event (Non Interrupting)").
  const source = readFileSync(
    fileURLToPath(import.meta.resolve('bpmn-js-properties-panel/dist/index.esm.js')),
    'utf8',
  );
  const start = source.indexOf('var iconsByType = {');
  assert.ok(start > 0, 'the properties panel has changed how it names types: read its PanelHeaderProvider');
  const table = source.slice(start, source.indexOf('};', start));
  const labels = [...table.matchAll(/^\s+'?(\w+)'?:/gm)].map(([, type]) =>
    type!.replace(/(\B[A-Z])/g, ' $1').replace(/(\bNon Interrupting)/g, '($1)'),
  );
  assert.ok(labels.length > 80, `${labels.length} types`);
  // German writes these two as English does; every other type has its own German name.
  const sameInGerman = labels.filter((label) => translateBpmnJs('de', label) === label);
  assert.deepEqual(sameInGerman.sort(), ['Gateway', 'Lane']);
  assert.equal(
    translateBpmnJs('de', 'Message Start Event (Non Interrupting)'),
    'Nachrichten-Startereignis (nicht unterbrechend)',
  );
  assert.equal(translateBpmnJs('de', 'Toggle section'), 'Abschnitt auf- oder zuklappen');
});

test('the properties panel catalog is English as bpmn-js writes it, and German for every text', () => {
  assert.deepEqual(Object.keys(bpmnJsPanelDe).sort(), Object.keys(bpmnJsPanelEn).sort());
  for (const [template, english] of Object.entries(bpmnJsPanelEn)) {
    assert.equal(english, template);
    assert.ok(bpmnJsPanelDe[template as keyof typeof bpmnJsPanelDe].trim(), template);
  }
});
