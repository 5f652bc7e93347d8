import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareBpmn } from './bpmn-fidelity.ts';
import { corpusAvailable, corpusDir, featuresIn, selectCorpus, withVendorExtras } from './fidelity-corpus.ts';

const skip = corpusAvailable() ? false : `the BPMN corpus is not at ${corpusDir}`;
/** Pools, lanes, message flows, data objects and stores, an annotation: the richest small file. */
const richFile = 'ex02_writer0028.bpmn';
const corpusXml = (file: string): string => readFileSync(join(corpusDir, file), 'utf8');

async function problemsAfter(edit: (xml: string) => string, base?: string): Promise<string[]> {
  const original = base ?? corpusXml(richFile);
  const changed = edit(original);
  assert.notEqual(changed, original, 'the edit changed the document');
  return (await compareBpmn(original, changed)).problems;
}

function replaceOnce(xml: string, pattern: RegExp, replacement: string): string {
  assert.match(xml, pattern);
  return xml.replace(pattern, replacement);
}

describe('BPMN round-trip comparator', { skip }, () => {
  test('the selection is small, deterministic and covers pools, lanes, sub-processes, message flows, data and annotations', () => {
    const picks = selectCorpus();
    assert.deepEqual(picks, selectCorpus());
    assert.ok(picks.length >= 10 && picks.length <= 40, `${picks.length} files`);
    for (const feature of [
      'pools',
      'lanes',
      'subProcesses',
      'messageFlows',
      'dataObjects',
      'dataStores',
      'annotations',
    ]) {
      assert.ok(
        picks.some((pick) => pick.features.includes(feature as never)),
        `a selected file has ${feature}`,
      );
    }
  });

  test('every selected file, and its enriched variant, compares equal to itself', async () => {
    for (const { file } of selectCorpus()) {
      const xml = corpusXml(file);
      assert.deepEqual((await compareBpmn(xml, xml)).problems, [], file);
      const enriched = await withVendorExtras(xml);
      if (enriched)
        assert.deepEqual((await compareBpmn(enriched, enriched)).problems, [], `${file} enriched`);
    }
  });

  test('the enriched variant really carries a boundary event and vendor extensions', async () => {
    const enriched = (await withVendorExtras(corpusXml(richFile)))!;
    assert.deepEqual(featuresIn(enriched).includes('boundaryEvents'), true);
    assert.deepEqual(featuresIn(enriched).includes('extensionElements'), true);
    const report = await compareBpmn(enriched, enriched);
    assert.equal(report.checked.boundaryEvents, 1);
    assert.equal(report.checked.extensionElements, 3);
  });

  test('a renamed task is named in the problem', async () => {
    const problems = await problemsAfter((xml) =>
      replaceOnce(xml, /name="Register&#10;insurance&#10;Claim"/, 'name="Register claim"'),
    );
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(problems[0]!, /bpmn:Task .*\(Activity_1v7iyia\) › name: .* became "Register claim"/);
  });

  test('a moved shape is reported with its coordinate; a move within 0.5 is not', async () => {
    const moved = await problemsAfter((xml) =>
      replaceOnce(xml, /<omgdc:Bounds x="244" y="255"/, '<omgdc:Bounds x="254" y="255"'),
    );
    assert.equal(moved.length, 1, moved.join('\n'));
    assert.match(moved[0]!, /bpmndi:BPMNShape .* › bounds › x: 244 became 254/);
    const nudged = await problemsAfter((xml) =>
      replaceOnce(xml, /<omgdc:Bounds x="244" y="255"/, '<omgdc:Bounds x="244.4" y="255"'),
    );
    assert.deepEqual(nudged, []);
  });

  test('a lost lane reference, a rewired message flow and a lost task are each named', async () => {
    const lane = await problemsAfter((xml) =>
      replaceOnce(xml, /\s*<flowNodeRef>Gateway_1y5ux8w<\/flowNodeRef>/, ''),
    );
    assert.match(
      lane.join('\n'),
      /bpmn:Lane "senior claims officer" \(Lane_0vzi33n\) › flowNodeRef: lost Gateway_1y5ux8w/,
    );
    const flow = await problemsAfter((xml) =>
      replaceOnce(xml, /targetRef="Event_0sxba2d" \/>/, 'targetRef="Participant_0doig8u" />'),
    );
    assert.match(
      flow.join('\n'),
      /bpmn:MessageFlow .*\(Flow_05mxp4v\) › targetRef: .*Event_0sxba2d.* became .*Participant_0doig8u/,
    );
    const task = await problemsAfter((xml) =>
      replaceOnce(xml, /<task id="Activity_0r94b11"[\s\S]*?<\/task>/, ''),
    );
    assert.match(task.join('\n'), /lost bpmn:Task "Check.*" \(Activity_0r94b11\)/);
  });

  test('a removed extension element or foreign attribute is named, with its owner', async () => {
    const enriched = (await withVendorExtras(corpusXml(richFile)))!;
    const noteLost = await problemsAfter(
      (xml) => replaceOnce(xml, /<acme:note lang="en">Checked by the four-eyes rule<\/acme:note>/, ''),
      enriched,
    );
    assert.equal(noteLost.length, 1, noteLost.join('\n'));
    assert.match(
      noteLost[0]!,
      /bpmn:Task .*\(Activity_1v7iyia\) › extensionElements › values\[0\] acme:meta › \$children\[0\] acme:note: lost/,
    );
    const noteChanged = await problemsAfter(
      (xml) => replaceOnce(xml, /Checked by the four-eyes rule/, 'Checked once'),
      enriched,
    );
    assert.match(
      noteChanged.join('\n'),
      /acme:note: text "Checked by the four-eyes rule" became "Checked once"/,
    );
    const attributeLost = await problemsAfter((xml) => replaceOnce(xml, / acme:cost="12.50"/, ''), enriched);
    assert.match(
      attributeLost.join('\n'),
      /bpmn:Task .* attribute \{http:\/\/lanes.example\/schema\/acme\}cost lost/,
    );
    const boundaryLost = await problemsAfter(
      (xml) => replaceOnce(xml, /attachedToRef="[^"]+"/, 'attachedToRef="Activity_0r94b11"'),
      enriched,
    );
    assert.match(boundaryLost.join('\n'), /bpmn:BoundaryEvent "Deadline passed" .* › attachedToRef/);
  });

  test('another prefix for the same namespace is not a difference', async () => {
    const enriched = (await withVendorExtras(corpusXml(richFile)))!;
    const renamed = enriched.replaceAll('acme:', 'vendor:').replace('xmlns:acme=', 'xmlns:vendor=');
    assert.deepEqual((await compareBpmn(enriched, renamed)).problems, []);
  });
});
