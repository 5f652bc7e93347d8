import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PreflightFacts } from '../../shared/domain/preflight.ts';
import type { Element } from '../../shared/domain/process.ts';
import { newDiagramXml } from '../modeler/workspace/new-diagram.ts';
import { lintErrors } from './lint-diagram.ts';
import { preflightFindings, type PreflightInput } from './release-preflight.ts';

function element(attributes: Element['attributes'], related: Element['related'] = {}): Element {
  return {
    facetName: 'process',
    id: 'p1',
    creationId: 'p1',
    type: 'process',
    state: 'inProcess',
    displayNames: {},
    attributes,
    related,
    rootPath: [],
    children: [],
  };
}

const clean: PreflightFacts = {
  xml: '<x/>',
  diagramSource: 'cached',
  unpublishedDraft: false,
  queuedPublish: null,
  openConflict: false,
  conflictId: null,
  pendingDescription: false,
};
const owner = { owner: [{ facetName: 'organization', id: 'u1', creationId: 'u1', type: 'user' }] };

function kinds(input: Partial<PreflightInput>): string[] {
  return preflightFindings({
    page: { element: element({ description: { '1033': '<p>Why</p>' } }, owner) },
    culture: 1033,
    targetState: 'released',
    facts: clean,
    lint: [],
    ...input,
  }).map((finding) => finding.kind);
}

test('a complete element with a clean diagram has nothing to report', () => {
  assert.deepEqual(kinds({}), []);
});

test('releasing without a description in the content culture or without an owner is reported', () => {
  const german = element({ description: { '1031': 'Warum' } });
  assert.deepEqual(kinds({ page: { element: german } }), ['noDescription', 'noOwner']);
  assert.deepEqual(kinds({ page: { element: german }, culture: 1031 }), ['noOwner']);
  // Empty XHTML says nothing; the invariant culture counts for every culture.
  assert.deepEqual(kinds({ page: { element: element({ description: { '1033': '<p> </p>' } }, owner) } }), [
    'noDescription',
  ]);
  assert.deepEqual(kinds({ page: { element: element({ description: { '127': 'Always' } }, owner) } }), []);
});

test('description and owner are what the service checks on the way to released only', () => {
  assert.deepEqual(kinds({ page: { element: element({}) }, targetState: 'inProcess' }), []);
});

test('draft, outbox and conflict facts each become a finding', () => {
  assert.deepEqual(kinds({ facts: { ...clean, unpublishedDraft: true } }), ['unpublishedDraft']);
  assert.deepEqual(kinds({ facts: { ...clean, queuedPublish: 'queued' } }), ['queuedPublish']);
  assert.deepEqual(kinds({ facts: { ...clean, openConflict: true } }), ['openConflict']);
  const [queued] = preflightFindings({
    page: { element: element({ description: { '1033': 'x' } }, owner) },
    culture: 1033,
    targetState: 'inProcess',
    facts: { ...clean, queuedPublish: 'failed' },
    lint: null,
  });
  assert.equal(queued!.key, 'preflight.queuedPublish.failed');
});

test('lint errors are counted, named by element and say whether they are in the draft', () => {
  const lint = Array.from({ length: 7 }, (_, i) => ({
    id: `Task_${i}`,
    name: i === 0 ? 'Check order' : null,
    rule: 'label-required',
    message: 'Element is missing label/name',
  }));
  const [finding] = preflightFindings(
    {
      page: { element: element({ description: { '1033': 'x' } }, owner) },
      culture: 1033,
      targetState: 'released',
      facts: { ...clean, diagramSource: 'draft' },
      lint,
    },
    (message) => `«${message}»`,
  );
  assert.equal(finding!.kind, 'lintErrors');
  assert.equal(finding!.key, 'preflight.lintErrors.draft');
  assert.deepEqual(finding!.params, { count: 7 });
  assert.equal(finding!.details[0], 'Check order: «Element is missing label/name»');
  assert.equal(finding!.details[1], 'Task_1: «Element is missing label/name»');
  assert.equal(finding!.details.length, 6, 'five named, then an ellipsis');
  assert.deepEqual(kinds({ lint: 'not BPMN' }), ['lintUnavailable']);
});

test('the bundled bpmnlint rules find the errors the editor shows, and only errors', async () => {
  const errors = await lintErrors(newDiagramXml('Lint me'));
  assert.ok(
    errors.some((error) => error.rule === 'end-event-required'),
    JSON.stringify(errors),
  );
  assert.ok(errors.every((error) => error.rule !== 'no-implicit-start' || error.message));
  await assert.rejects(lintErrors('this is not XML'));
});

test('a description the draft or a waiting publish carries is reported as on its way, not as missing', () => {
  const bare = { page: { element: element({}, owner) } };
  assert.deepEqual(
    kinds({ ...bare, facts: { ...clean, pendingDescription: true, queuedPublish: 'queued' } }),
    ['descriptionPending', 'queuedPublish'],
  );
  const drafted = preflightFindings({
    ...bare,
    culture: 1033,
    targetState: 'released',
    facts: { ...clean, pendingDescription: true, unpublishedDraft: true },
    lint: [],
  });
  assert.equal(drafted[0]?.key, 'preflight.descriptionPending.draft');
});

test('lint errors name the first element, where the diagram opens', () => {
  const [lint] = preflightFindings({
    page: { element: element({ description: { '1033': 'Why' } }, owner) },
    culture: 1033,
    targetState: 'inReview',
    facts: clean,
    lint: [
      { id: 'Task_1', name: 'Check', rule: 'label-required', message: 'Element is missing label/name' },
      { id: 'Task_2', name: null, rule: 'no-disconnected', message: 'Element is not connected' },
    ],
  });
  assert.equal(lint?.kind, 'lintErrors');
  assert.equal(lint?.target, 'Task_1');
});
