import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BPMN_MODEL_NS, bpmnStructureProblem, describeStructureProblem } from './bpmn-structure.ts';
import { assertBpmnDocument } from './bpmn-check.ts';

const definitions = (inner: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<bpmn:definitions xmlns:bpmn="${BPMN_MODEL_NS}" id="d">${inner}</bpmn:definitions>`;

test('a BPMN document written the way bpmn-js writes it passes', () => {
  assert.equal(
    bpmnStructureProblem(definitions('<bpmn:process id="p"><bpmn:task id="t"/></bpmn:process>')),
    null,
  );
  assert.equal(
    bpmnStructureProblem(`\uFEFF<definitions xmlns="${BPMN_MODEL_NS}"><process id="p"/></definitions>`),
    null,
    'the default namespace and a byte-order mark are fine',
  );
});

test('text that is not well-formed XML is named as such', () => {
  for (const xml of [
    definitions('<bpmn:process id="p">'),
    definitions('<bpmn:process id="p"></bpmn:task>'),
    'not xml at all',
    '',
    definitions('') + '<bpmn:definitions/>',
  ]) {
    const problem = bpmnStructureProblem(xml);
    assert.ok(
      problem && 'notXml' in problem,
      `${JSON.stringify(xml.slice(-40))}: ${JSON.stringify(problem)}`,
    );
  }
});

test('another root, or definitions of another namespace, is not BPMN', () => {
  const rootOf = (xml: string): string | undefined => {
    const problem = bpmnStructureProblem(xml);
    return problem && 'root' in problem ? problem.root : undefined;
  };
  assert.match(rootOf('<svg xmlns="http://www.w3.org/2000/svg"/>') ?? '', /(^|:)svg$/);
  assert.match(rootOf('<x:definitions xmlns:x="urn:other"/>') ?? '', /:definitions$/);
  // A prefix the document never declares: bpmn-moddle refuses that too.
  assert.ok('notXml' in bpmnStructureProblem(definitions('<foo:bar/>'))!);
});

test('the size and depth limits refuse a pathological document without reading it all', () => {
  const deep = definitions('<a>'.repeat(300) + '</a>'.repeat(300));
  assert.deepEqual(bpmnStructureProblem(deep), { tooLarge: 'depth', limit: 256 });
  assert.deepEqual(bpmnStructureProblem(definitions(''), { chars: 10, depth: 256 }), {
    tooLarge: 'chars',
    limit: 10,
  });
  assert.match(describeStructureProblem({ tooLarge: 'depth', limit: 256 }), /deeper than 256 levels/);
});

test('a draft from the modeler gets the bounded structural check, one from outside the full parse', async () => {
  // bpmn-moddle reads any depth of unknown extension content; the structural check stops at its limit.
  // So the same text passes from outside (full parse) and is refused from the modeler (cheap check).
  const deep = definitions(
    `<bpmn:process id="p"><bpmn:extensionElements>${'<x:e xmlns:x="urn:x">'.repeat(300)}${'</x:e>'.repeat(300)}</bpmn:extensionElements></bpmn:process>`,
  );
  await assertBpmnDocument(deep, 'outside');
  await assertBpmnDocument(deep);
  await assert.rejects(assertBpmnDocument(deep, 'modeler'), {
    code: 'editor.notBpmn',
    message: /nest deeper than 256 levels/,
  });
  await assertBpmnDocument(definitions('<bpmn:process id="p"/>'), 'modeler');
  await assert.rejects(assertBpmnDocument('<svg/>', 'modeler'), { code: 'editor.notBpmn' });
  await assert.rejects(assertBpmnDocument(definitions('<bpmn:process>'), 'modeler'), {
    code: 'editor.notBpmn',
  });
});
