import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseTranslatable, withTexts } from './translatable-texts.ts';

const COLLABORATION = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="Defs" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:collaboration id="Collab">
    <bpmn:participant id="Pool" name="Bestellabwicklung" processRef="Process_1" />
    <bpmn:participant id="Customer" name="Kunde" />
    <bpmn:messageFlow id="Order" name="Bestellung" sourceRef="Customer" targetRef="Start" />
    <bpmn:group id="Group_1" categoryValueRef="CategoryValue_1" />
    <bpmn:textAnnotation id="Note"><bpmn:text>Gilt nur für Neukunden</bpmn:text></bpmn:textAnnotation>
  </bpmn:collaboration>
  <bpmn:category id="Category_1"><bpmn:categoryValue id="CategoryValue_1" value="Vertrieb" /></bpmn:category>
  <bpmn:process id="Process_1" name="Bestellung bearbeiten">
    <bpmn:documentation>Vom Eingang bis zum Versand.</bpmn:documentation>
    <bpmn:laneSet id="LaneSet"><bpmn:lane id="Lane" name="Innendienst" /></bpmn:laneSet>
    <bpmn:startEvent id="Start" name="Bestellung eingegangen" />
    <bpmn:subProcess id="Sub" name="Prüfen">
      <bpmn:task id="Inner" name="Bonität prüfen" />
    </bpmn:subProcess>
    <bpmn:exclusiveGateway id="Gateway" name="OK?" />
    <bpmn:task id="Unnamed" />
    <bpmn:sequenceFlow id="Yes" name="ja" sourceRef="Gateway" targetRef="Unnamed" />
    <bpmn:dataObjectReference id="Invoice" name="Rechnung" dataObjectRef="DataObject" />
    <bpmn:dataObject id="DataObject" />
  </bpmn:process>
</bpmn:definitions>`;

test('every text a person reads is found by the metamodel, keyed by element and field', async () => {
  const { items } = await parseTranslatable(COLLABORATION);
  const texts = Object.fromEntries(items.filter((i) => i.text !== null).map((i) => [i.key, i.text]));
  assert.deepEqual(texts, {
    'Pool#name': 'Bestellabwicklung',
    'Customer#name': 'Kunde',
    'Order#name': 'Bestellung',
    'Group_1#name': 'Vertrieb',
    'Note#text': 'Gilt nur für Neukunden',
    'Process_1#name': 'Bestellung bearbeiten',
    'Process_1#documentation': 'Vom Eingang bis zum Versand.',
    'Lane#name': 'Innendienst',
    'Start#name': 'Bestellung eingegangen',
    'Sub#name': 'Prüfen',
    'Inner#name': 'Bonität prüfen',
    'Gateway#name': 'OK?',
    'Yes#name': 'ja',
    'Invoice#name': 'Rechnung',
  });
  const byKey = new Map(items.map((i) => [i.key, i]));
  assert.equal(byKey.get('Unnamed#name')?.text, null, 'an element without a name has an empty field');
  assert.equal(byKey.get('Gateway#name')?.type, 'bpmn:ExclusiveGateway');
  assert.equal(byKey.get('Note#text')?.type, 'bpmn:TextAnnotation');
  assert.ok(!byKey.has('DataObject#name'), 'a data object itself is not drawn; its reference is');
});

test('texts are written back by element and field; an empty text removes it; the rest is untouched', async () => {
  const { xml, missing } = await withTexts(COLLABORATION, [
    { key: 'Group_1#name', text: 'Sales' },
    { key: 'Note#text', text: 'New customers only' },
    { key: 'Process_1#documentation', text: 'From order to shipping.' },
    { key: 'Unnamed#documentation', text: 'Written in English first.' },
    { key: 'Yes#name', text: '' },
    { key: 'Gone#name', text: 'x' },
  ]);
  assert.deepEqual(missing, ['Gone#name']);
  const texts = new Map((await parseTranslatable(xml)).items.map((i) => [i.key, i.text]));
  assert.equal(texts.get('Group_1#name'), 'Sales');
  assert.equal(texts.get('Note#text'), 'New customers only');
  assert.equal(texts.get('Process_1#documentation'), 'From order to shipping.');
  assert.equal(texts.get('Unnamed#documentation'), 'Written in English first.');
  assert.equal(texts.get('Yes#name'), null);
  assert.equal(texts.get('Start#name'), 'Bestellung eingegangen');
});

test('real-world diagrams: every text found is written back unchanged by a round trip', async (t) => {
  const dir = join(import.meta.dirname, '../../../shared/corpora/bpmn');
  if (!existsSync(dir)) return t.skip('../shared/corpora/bpmn is not beside the project');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.bpmn'))
    .slice(0, 60);
  let texts = 0;
  for (const file of files) {
    const xml = readFileSync(join(dir, file), 'utf8');
    let items;
    try {
      items = (await parseTranslatable(xml)).items;
    } catch {
      continue; // Not BPMN bpmn-moddle reads: the editor's import says so; nothing to translate.
    }
    const changes = items.filter((i) => i.text !== null).map((i) => ({ key: i.key, text: `${i.text} (en)` }));
    texts += changes.length;
    const { xml: written, missing } = await withTexts(xml, changes);
    assert.deepEqual(missing, [], file);
    const after = new Map((await parseTranslatable(written)).items.map((i) => [i.key, i.text]));
    for (const change of changes) assert.equal(after.get(change.key), change.text, `${file} ${change.key}`);
  }
  assert.ok(texts > 100, `${texts} texts in ${files.length} files`);
});
