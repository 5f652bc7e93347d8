/**
 * The finder of untranslated text on its own: it must name English catalogue
 * text, raw message keys and raw service keys, and leave alone German text,
 * text both languages share and what the tenant wrote, even where that is
 * English or contains a key.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { untranslatedFinder, type ShownText } from './untranslated.ts';

const find = untranslatedFinder({
  english: {
    'reports.title': 'Reports',
    'reports.table.shown': '{shown} shown of {loaded} loaded ({total} in all)',
    'reports.facetCount': '{count, plural, one {# element} other {# elements}}',
    'reports.field.id': 'ID',
    'element.type.process': 'Process',
    'element.state.released': 'Released',
    'reports.field.name': 'Name',
    'shell.status': 'Status',
  },
  german: {
    'reports.title': 'Berichte',
    'reports.table.shown': '{shown} angezeigt von {loaded} geladen ({total} insgesamt)',
    'reports.facetCount': '{count, plural, one {# Element} other {# Elemente}}',
    'reports.field.id': 'ID',
    'element.type.process': 'Prozess',
    'element.state.released': 'Freigegeben',
    'reports.field.name': 'Name',
    'shell.status': 'Status',
  },
  serviceKeys: ['itSystems', 'process', 'NEW', 'DONE', 'inProcess'],
  content: ['Handle the process exception', 'Released goods', 'Process'],
});

const at = (...texts: string[]): ShownText[] => texts.map((text) => ({ text, where: 'test' }));

test('English catalogue text is found, also with its arguments filled in and across spaces', () => {
  const found = find(at('Reports', '3 shown of 100 loaded (527 in all)', '  12   elements ', '1 element'));
  assert.deepEqual(
    found.map((f) => [f.kind, f.found]),
    [
      ['english', 'Reports'],
      ['english', '3 shown of 100 loaded (527 in all)'],
      ['english', '12 elements'],
      ['english', '1 element'],
    ],
  );
});

test('German text and text both languages share are not findings', () => {
  assert.deepEqual(
    find(at('Berichte', 'ID', 'Name', 'Status', '3 angezeigt von 100 geladen (527 insgesamt)')),
    [],
  );
});

test('raw message keys are found: known keys and keys under a known prefix', () => {
  const found = find(at('reports.title', 'Typ: element.type.customType', 'order.bpmn', 'lanes.log'));
  assert.deepEqual(
    found.map((f) => [f.kind, f.found]),
    [
      ['messageKey', 'reports.title'],
      ['messageKey', 'element.type.customType'],
    ],
  );
});

test('raw service keys are found as tokens, case-sensitively', () => {
  const found = find(
    at('itSystems', 'Berichte: itSystems', 'DONE', 'Fertig', 'Neu', 'new', 'Prozess (inProcess)'),
  );
  assert.deepEqual(
    found.map((f) => [f.kind, f.found, f.text]),
    [
      ['serviceKey', 'itSystems', 'itSystems'],
      ['serviceKey', 'itSystems', 'Berichte: itSystems'],
      ['serviceKey', 'DONE', 'DONE'],
      ['serviceKey', 'inProcess', 'Prozess (inProcess)'],
    ],
  );
});

test('what the tenant wrote is left alone, even English words or keys inside it', () => {
  assert.deepEqual(
    find(
      at('Handle the process exception', 'Process', 'Released goods', 'Öffnen: Handle the process exception'),
    ),
    [],
  );
  // The key outside the content it sits beside is still found.
  assert.deepEqual(
    find(at('Handle the process exception · process')).map((f) => f.found),
    ['process'],
  );
});
