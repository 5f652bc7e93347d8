import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BpmnModdle } from 'bpmn-moddle';
import { unwritableDiagram } from './serialize-error.ts';

test('an undeclared prefix (bpmn-moddle cannot write it) names the prefix; other failures give their first line', async () => {
  const moddle = new BpmnModdle();
  const { rootElement } = await moddle.fromXML(
    `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:x="" id="D">
      <bpmn:process id="P"><bpmn:task id="T" x:color="red"/></bpmn:process></bpmn:definitions>`,
    'bpmn:Definitions',
  );
  const failure = await moddle.toXML(rootElement).then(
    () => assert.fail('bpmn-moddle wrote an undeclared prefix'),
    (error: unknown) => error,
  );
  const typed = unwritableDiagram(failure);
  assert.equal(typed.code, 'editor.undeclaredPrefix');
  assert.deepEqual(typed.params, { prefix: 'x' });

  const other = unwritableDiagram(new Error('illegal ID <1 2>\n    at ElementSerializer…'));
  assert.equal(other.code, 'editor.notSerializable');
  assert.deepEqual(other.params, { reason: 'illegal ID <1 2>' });
});
