import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countOnePublish } from './publish-requests.test-support.ts';

test('a publish asks the service only what Lanes does not know yet, and no tab has to ask main again', async () => {
  const { requests, events, result, published } = await countOnePublish();
  assert.equal(result.outcome, 'published');
  const shapes = requests.map((request) =>
    request
      .replace(/\/elements\/[^/?]+/, '/elements/{id}')
      .replace(/\/bpmn\/[^/?]+/, '/bpmn/{id}')
      .replace(/\?.*$/, ''),
  );
  assert.deepEqual(shapes, [
    // Has anybody changed the process since the draft's base?
    'GET /_api/rest/facets/processes/views/processList/elements/{id}',
    'POST /_api/v1/bpmn/{id}',
    // After the import: the new change time (the next draft's base), then what the service kept.
    'GET /_api/rest/facets/processes/views/processList/elements/{id}',
    'GET /_api/v1/bpmn/{id}',
  ]);
  // The document shown afterwards is built from those answers, not asked for again, and told once:
  // in the event, not in the answer (an acknowledgement).
  assert.equal(result.document, null);
  assert.equal(published?.result.publishId, result.publishId);
  assert.equal(published?.result.document?.source, 'live');
  assert.equal(published?.result.document?.publish.state, 'none');
  // Tabs learn where their drafts stand from the events themselves (no editor.drafts round trip).
  assert.ok((events['outbox.changed'] ?? 0) >= 1, JSON.stringify(events));
  assert.equal(events['editor.published'], 1, JSON.stringify(events));
});
