/** Imports real-world diagrams from the shared hdBPMN corpus and checks export keeps their nodes, flows and bounds. */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { ElementJson, Harness } from './test/harness.ts';
import { processes, startHarness } from './test/harness.ts';

const CORPUS = fileURLToPath(new URL('../../shared/corpora/bpmn', import.meta.url));
const available = existsSync(CORPUS);
const files = available
  ? readdirSync(CORPUS)
      .filter((f) => f.endsWith('.bpmn'))
      .sort()
      .filter((_, i) => i % 70 === 0)
  : [];

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
