/**
 * Names per culture through the BPMN endpoints (spec §2.3, §4.4): an import
 * with `lcid` changes only that culture's texts, an export with `lcid` gives
 * them back, and a culture without a text exports no name ("Names per
 * culture" in docs/emulator.md).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BpmnModdle } from 'bpmn-moddle';
import type { ModdleElement } from 'bpmn-moddle';
import type { ElementJson, Harness } from './test/harness.ts';
import { processes, startHarness } from './test/harness.ts';

let h: Harness;
let editable: ElementJson[];
before(async () => {
  h = await startHarness();
  editable = (await processes(h)).filter((e) => e.state === 'inProcess' && (e.content?.length ?? 0) >= 5);
});
after(async () => h.close());

const take = (): ElementJson => {
  const e = editable.shift();
  assert.ok(e, 'an editable process with a diagram');
  return e;
};

async function exportXml(id: string, lcid: number): Promise<string> {
  const res = await fetch(h.bpmnUrl(id, `&lcid=${lcid}`));
  assert.equal(res.status, 200);
  return res.text();
}

async function importXml(id: string, xml: string, lcid: number): Promise<void> {
  const res = await fetch(h.bpmnUrl(id, `&lcid=${lcid}`), {
    method: 'POST',
    headers: { 'content-type': 'application/xml' },
    body: xml,
  });
  assert.equal(res.status, 200, await res.text());
}

/** Every flow element's and the process's name by id (undefined: no name attribute). */
async function namesOf(xml: string): Promise<Map<string, string | undefined>> {
  const { rootElement } = await new BpmnModdle().fromXML(xml);
  const process = (rootElement.rootElements as ModdleElement[]).find((e) => e.$type === 'bpmn:Process')!;
  const names = new Map<string, string | undefined>([[process.id!, process.name as string | undefined]]);
  for (const fe of process.flowElements as ModdleElement[]) names.set(fe.id!, fe.name as string | undefined);
  return names;
}

/** Renames elements by id in a document (bpmn-moddle, not text); undefined removes the name. */
async function renamed(xml: string, changes: Record<string, string | undefined>): Promise<string> {
  const moddle = new BpmnModdle();
  const { rootElement } = await moddle.fromXML(xml);
  const process = (rootElement.rootElements as ModdleElement[]).find((e) => e.$type === 'bpmn:Process')!;
  for (const element of [process, ...(process.flowElements as ModdleElement[])])
    if (Object.hasOwn(changes, element.id!)) element.name = changes[element.id!];
  return (await moddle.toXML(rootElement, { format: true })).xml;
}

describe('names per culture in BPMN import and export', () => {
  it('an import with lcid=1033 changes the English texts and leaves the German export byte for byte', async () => {
    const process = take();
    const german = await exportXml(process.id, 1031);
    const english = await exportXml(process.id, 1033);
    const ids = [...(await namesOf(english)).keys()];
    const [processId, first, second] = ids;
    const changes = { [processId!]: 'Process in English', [first!]: 'First in English', [second!]: 'Second' };
    await importXml(process.id, await renamed(english, changes), 1033);
    assert.equal(await exportXml(process.id, 1031), german, 'the German export is unchanged');
    const after = await namesOf(await exportXml(process.id, 1033));
    for (const [id, name] of Object.entries(changes)) assert.equal(after.get(id), name, id);
    const spanishBefore = await namesOf(await exportXml(process.id, 3082));
    assert.notEqual(spanishBefore.get(first!), 'First in English', 'Spanish keeps its own text');
  });

  it('a culture without a text exports no name, never another culture’s text', async () => {
    const process = take();
    const english = await exportXml(process.id, 1033);
    const [, first] = [...(await namesOf(english)).keys()];
    await importXml(process.id, await renamed(english, { [first!]: undefined }), 1033);
    assert.equal((await namesOf(await exportXml(process.id, 1033))).get(first!), undefined);
    assert.ok((await namesOf(await exportXml(process.id, 1031))).get(first!), 'German still has its name');
    // The REST element has no English key left in its name culture map.
    const content = await h.json<{ elements: ElementJson[] }>(
      `rest/facets/processes/views/processList/elements/${process.id}/content`,
      { version: '2.0' },
    );
    const names = content.elements.map((e) => e.attributes.name ?? {});
    assert.ok(names.some((n) => n['1031'] !== undefined && n['1033'] === undefined));
  });

  it('the demo’s Spanish is partly translated: untranslated activities export without a name', async () => {
    const all = await processes(h);
    let untranslated = 0;
    for (const process of all.filter((p) => (p.content?.length ?? 0) >= 5).slice(0, 4)) {
      const spanish = await namesOf(await exportXml(process.id, 3082));
      const german = await namesOf(await exportXml(process.id, 1031));
      for (const [id, name] of german) if (name && spanish.get(id) === undefined) untranslated++;
    }
    assert.ok(untranslated > 0, 'some names have no Spanish text yet');
  });

  it('sequence-flow labels are per culture too', async () => {
    const process = take();
    const german = await exportXml(process.id, 1031);
    const english = await exportXml(process.id, 1033);
    const { rootElement } = await new BpmnModdle().fromXML(english);
    const flow = (
      (rootElement.rootElements as ModdleElement[]).find((e) => e.$type === 'bpmn:Process')!
        .flowElements as ModdleElement[]
    ).find((e) => e.$type === 'bpmn:SequenceFlow')!;
    await importXml(process.id, await renamed(english, { [flow.id!]: 'on time' }), 1033);
    assert.equal((await namesOf(await exportXml(process.id, 1033))).get(flow.id!), 'on time');
    assert.equal(await exportXml(process.id, 1031), german, 'the German label is its own');
  });

  it('a flow label stored before labels were per culture reads as that label in every culture', async () => {
    const process = take();
    const versionId = process.versionId;
    const row = h.emu.db.prepare('SELECT flow_id FROM flows WHERE version_id = ? LIMIT 1').get(versionId) as {
      flow_id: string;
    };
    h.emu.db
      .prepare("UPDATE flows SET name = 'legacy', names = NULL WHERE version_id = ? AND flow_id = ?")
      .run(versionId, row.flow_id);
    for (const lcid of [1031, 1033, 3082])
      assert.equal((await namesOf(await exportXml(process.id, lcid))).get(row.flow_id), 'legacy', `${lcid}`);
  });
});
