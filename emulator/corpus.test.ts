/**
 * Imports real-world diagrams from the shared corpora: a sample must keep its
 * nodes, flows and bounds through export; every file that imports must name
 * each element it loses in `summary.dropped`, and its export must parse.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { ModdleElement } from 'bpmn-moddle';
import { BpmnModdle } from 'bpmn-moddle';
import type { ElementJson, Harness } from './test/harness.ts';
import { processes, startHarness } from './test/harness.ts';

const CORPUS = fileURLToPath(new URL('../../shared/corpora/bpmn', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../../shared/corpora/bpmn-io-fixtures', import.meta.url));
const available = existsSync(CORPUS);
const files = available
  ? readdirSync(CORPUS)
      .filter((f) => f.endsWith('.bpmn'))
      .sort()
      .filter((_, i) => i % 70 === 0)
  : [];

const bpmnFilesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? bpmnFilesUnder(join(dir, e.name))
        : e.name.endsWith('.bpmn')
          ? [join(dir, e.name)]
          : [],
    )
    .sort();

describe('real-world BPMN corpus', { skip: available ? false : `corpus folder ${CORPUS} is absent` }, () => {
  let h: Harness;
  let targets: ElementJson[];
  before(async () => {
    h = await startHarness();
    targets = (await processes(h)).filter((e) => e.state === 'inProcess');
  });
  after(async () => h?.close());

  for (const [index, file] of files.entries()) {
    it(`imports ${file} and exports its flow nodes with their coordinates`, async () => {
      const target = targets[index % targets.length];
      assert.ok(target);
      const xml = readFileSync(join(CORPUS, file), 'utf8');
      const imported = await fetch(h.bpmnUrl(target.id, '&lcid=1033'), {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: xml,
      });
      const body = (await imported.json()) as {
        type: string;
        message: string;
        summary?: { created: number; flows: number };
      };
      assert.equal(imported.status, 200, body.message);
      const exported = await (await fetch(h.bpmnUrl(target.id, '&lcid=1033'))).text();
      const ids = [
        ...xml.matchAll(
          /<(?:\w+:)?(task|userTask|startEvent|endEvent|exclusiveGateway|parallelGateway)\b[^>]*\bid="([^"]+)"/g,
        ),
      ].map((m) => m[2]);
      for (const id of ids) assert.ok(exported.includes(`id="${id}"`), `node ${id} survives`);
      const firstShape =
        /<(?:\w+:)?BPMNShape\b[^>]*bpmnElement="([^"]+)"[^>]*>\s*<(?:\w+:)?Bounds\b[^>]*\bx="([\d.]+)"/.exec(
          xml,
        );
      if (firstShape && ids.includes(firstShape[1])) {
        assert.ok(exported.includes(`bpmnElement="${firstShape[1]}"`));
        assert.ok(
          exported.includes(`x="${Math.round(Number(firstShape[2]) * 100) / 100}"`),
          'coordinates survive',
        );
      }
      // A second round trip must be stable.
      await fetch(h.bpmnUrl(target.id, '&lcid=1033'), {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: exported,
      });
      assert.equal(await (await fetch(h.bpmnUrl(target.id, '&lcid=1033'))).text(), exported);
    });
  }
});

interface Dropped {
  id: string | null;
  kind: string;
  attribute?: string;
}

const isDiagramElement = (el: ModdleElement): boolean =>
  el.$type === 'bpmndi:BPMNShape' || el.$type === 'bpmndi:BPMNEdge';

/**
 * Ids of the posted document that the export does not have and the import did
 * not name. Exempt: diagram interchange of an element the export lacks (it goes
 * with that element) and vendor content inside extension elements (kept as a whole).
 */
function unnamedLosses(
  sent: Record<string, ModdleElement>,
  back: Record<string, ModdleElement>,
  dropped: Dropped[],
): string[] {
  const named = new Set(dropped.map((d) => d.id));
  const exempt = (el: ModdleElement): boolean => {
    for (let at: ModdleElement | undefined = el; at; at = at.$parent as ModdleElement | undefined) {
      if (at.$type === 'bpmn:ExtensionElements') return true;
      if (isDiagramElement(at)) {
        const drawn = (at.bpmnElement as ModdleElement | undefined)?.id;
        if (!drawn || !back[drawn]) return true;
      }
    }
    return false;
  };
  return Object.entries(sent)
    .filter(([id, el]) => !back[id] && !named.has(id) && !exempt(el))
    .map(([id, el]) => `${el.$type} ${id}`);
}

for (const [label, dir] of [
  ['hdBPMN corpus', CORPUS],
  ['bpmn-io fixtures', FIXTURES],
] as const) {
  describe(
    `every ${label} file`,
    { skip: existsSync(dir) ? false : `corpus folder ${dir} is absent` },
    () => {
      let h: Harness;
      let targets: ElementJson[];
      before(async () => {
        h = await startHarness();
        targets = (await processes(h)).filter((e) => e.state === 'inProcess');
      });
      after(async () => h?.close());

      it('imports or is refused with 400, names every element it drops, and exports parseable BPMN', async () => {
        const problems: string[] = [];
        let imported = 0;
        for (const [index, path] of bpmnFilesUnder(dir).entries()) {
          const file = relative(dir, path);
          const target = targets[index % targets.length];
          assert.ok(target);
          const xml = readFileSync(path, 'utf8');
          const res = await fetch(h.bpmnUrl(target.id, '&lcid=1033'), {
            method: 'POST',
            headers: { 'content-type': 'application/xml' },
            body: xml,
          });
          const body = (await res.json()) as { message: string; summary?: { dropped: Dropped[] } };
          if (res.status === 400) continue;
          if (res.status !== 200 || !Array.isArray(body.summary?.dropped)) {
            problems.push(`${file}: ${res.status} ${body.message}`);
            continue;
          }
          imported++;
          const dropped = body.summary.dropped;
          for (const d of dropped)
            if (!/^\w+:\w+$/.test(d.kind) || (d.id !== null && typeof d.id !== 'string'))
              problems.push(`${file}: malformed dropped item ${JSON.stringify(d)}`);
          const exported = await fetch(h.bpmnUrl(target.id, '&lcid=1033'));
          if (exported.status !== 200) {
            problems.push(`${file}: export answered ${exported.status}`);
            continue;
          }
          const moddle = new BpmnModdle();
          const sent = await moddle.fromXML(xml);
          let back;
          try {
            back = await moddle.fromXML(await exported.text());
          } catch (error) {
            problems.push(`${file}: export does not parse: ${(error as Error).message}`);
            continue;
          }
          const unnamed = unnamedLosses(sent.elementsById, back.elementsById, dropped);
          if (unnamed.length) problems.push(`${file}: lost without being named: ${unnamed.join(', ')}`);
        }
        assert.ok(imported > 0, 'some files import');
        assert.deepEqual(problems, []);
      });
    },
  );
}
