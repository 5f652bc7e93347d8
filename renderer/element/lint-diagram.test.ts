import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lintErrors } from './lint-diagram.ts';

// locale-controller sets <html lang> on a switch; a stub document is enough here.
(globalThis as unknown as { document: unknown }).document ??= { documentElement: {} };
const { setUiLanguage } = await import('../i18n/locale-controller.ts');

const lonelyTask = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="urn:t">
  <process id="P">
    <startEvent id="Start" />
    <sequenceFlow id="F" sourceRef="Start" targetRef="End" />
    <endEvent id="End" />
    <task id="Lonely" name="Lonely task" />
  </process>
</definitions>`;

test('the pre-flight lints with the editor rules and speaks the UI language', async (t) => {
  t.after(() => setUiLanguage('en'));
  setUiLanguage('en');
  const english = await lintErrors(lonelyTask);
  const disconnected = english.find((e) => e.rule === 'no-disconnected' && e.id === 'Lonely');
  assert.deepEqual(
    { id: disconnected?.id, name: disconnected?.name, message: disconnected?.message },
    { id: 'Lonely', name: 'Lonely task', message: 'Element is not connected' },
  );
  setUiLanguage('de');
  const german = await lintErrors(lonelyTask);
  assert.equal(
    german.find((e) => e.rule === 'no-disconnected' && e.id === 'Lonely')?.message,
    'Das Element ist nicht verbunden',
  );
});
