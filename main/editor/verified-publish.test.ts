import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import { whatWasNotKept } from '../bpmn/publish-verification.ts';
import { CULTURE, FACET, VIEW, startEditorWorld, type EditorWorld } from './editor-world.test-support.ts';
import { RICH_EXPECTED_NOT_KEPT, richDiagram } from './rich-diagram.test-support.ts';

const rows = (items: { id: string; property: string | null }[]) =>
  items.map((item) => `${item.id}:${item.property ?? 'element'}`).sort();

async function processIdOf(xml: string): Promise<string> {
  const { rootElement } = await new BpmnModdle().fromXML(xml, 'bpmn:Definitions');
  const roots = rootElement.rootElements as ModdleElement[];
  return String(roots.find((root) => root.$type === 'bpmn:Process')!.id);
}

describe('verified publish: what the service did not keep is named', () => {
  let world: EditorWorld;
  before(async () => {
    world = await startEditorWorld();
  });
  after(() => world.close());

  test('publishing a rich diagram lists exactly the lanes, the annotation, its association and the name', async () => {
    const process = await world.freshProcess('inProcess');
    const target = { facet: FACET, view: VIEW, id: process.id, culture: CULTURE };
    const opened = await world.editor.open(target);
    const sent = richDiagram(await processIdOf(opened.xml));
    await world.editor.saveDraft({ ...target, xml: sent });
    const result = await world.editor.publish(target);
    assert.equal(result.outcome, 'published', result.error?.message ?? '');
    assert.deepEqual(rows(result.notKept ?? []), rows([...RICH_EXPECTED_NOT_KEPT]));
    const lane = result.notKept!.find((item) => item.id === 'Lane_sales')!;
    assert.deepEqual(lane, { id: 'Lane_sales', kind: 'bpmn:Lane', name: 'Sales', property: null });

    // The sent version stays in the history with what was not kept, beside the server's.
    const history = await world.editor.history({ id: process.id, culture: CULTURE });
    const published = history.find((entry) => entry.kind === 'published')!;
    assert.deepEqual(rows(published.notKept ?? []), rows([...RICH_EXPECTED_NOT_KEPT]));
    const { xml } = await world.editor.historyXml({ id: process.id, culture: CULTURE, key: published.key });
    assert.equal(xml, sent);
  });
});

describe('the comparison behind verified publish', () => {
  const sent = richDiagram('Process_mine');

  test('the same diagram under the id the service gave its process loses nothing', async () => {
    assert.deepEqual(await whatWasNotKept(sent, richDiagram('Process_theirs')), []);
  });

  test('each kind of loss is named by element and property', async () => {
    const kept = richDiagram('Process_x')
      .replace('cancelActivity="false" ', '')
      .replace(/<bpmn:documentation>[^<]*<\/bpmn:documentation>/, '')
      .replace(/<bpmn:conditionExpression[^>]*>[^<]*<\/bpmn:conditionExpression>/, '')
      .replace(' default="Flow_default"', '')
      .replace(' isMarkerVisible="true"', '')
      .replace(
        '<bpmndi:BPMNLabel><dc:Bounds x="414" y="110" width="52" height="14" /></bpmndi:BPMNLabel>',
        '',
      )
      .replace(/<bpmn:task id="Remind_rich".*?<\/bpmn:task>/, '')
      .replace('<bpmn:sequenceFlow id="Flow_6" sourceRef="Remind_rich" targetRef="Reminded_rich" />', '')
      .replace('<bpmn:sequenceFlow id="Flow_5" sourceRef="Timer_rich" targetRef="Remind_rich" />', '');
    assert.deepEqual(
      rows(await whatWasNotKept(sent, kept)),
      [
        'Check_rich:documentation',
        'Flow_5:element',
        'Flow_6:element',
        'Flow_yes:conditionExpression',
        'Gateway_rich:default',
        'Gateway_rich:labelPosition',
        'Gateway_rich:layout',
        'Remind_rich:element',
        'Timer_rich:cancelActivity',
      ].sort(),
    );
  });
});
