import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LanesError } from '../../shared/ipc/errors.ts';
import { element } from '../api/process/normalize.ts';
import type { RawElement } from '../api/process/raw-schemas.ts';
import { flattenListing, stampOf } from '../cache/element-tree.ts';
import { readStampPage } from './stamp-listing.ts';

/** What the full client path makes of the same page: JSON.parse, normalize, flatten, stampOf. */
function fullPath(text: string, start = 0) {
  const body = JSON.parse(text) as { values?: RawElement[]; elements?: RawElement[] };
  const { rows, members } = flattenListing((body.values ?? body.elements ?? []).map(element), start);
  return { rows: rows.map((r) => ({ id: r.id, ...stampOf(r) })), members };
}

const el = (id: string, extra: Record<string, unknown> = {}) => ({
  facetName: 'processes',
  id,
  creationId: id,
  versionId: `v-${id}`,
  type: 'process',
  state: 'inProcess',
  attributes: { changedOn: { '127': `2025-03-${id.length}T09:30:00`, '1031': 'x' } },
  children: [],
  ...extra,
});

test('the lean reader finds what the full path finds: stamps, tree members, places', () => {
  const tree = {
    count: 2,
    values: [
      el('a', {
        children: [
          el('a1', { children: [el('a11')] }),
          // A bare reference (no attributes) is not a tree member, and its children are not read.
          { facetName: 'documents', id: 'ref', type: 'document', children: [el('hidden')] },
        ],
      }),
      el('b', {
        versionId: '',
        attributes: { name: { '127': 'B "quoted" \\u00e9' } },
        children: { values: [el('b1')] },
      }),
    ],
    extra: { nested: [1, 2, { deep: 'x]}' }], flag: true, none: null, n: -1.5e3 },
  };
  const text = JSON.stringify(tree, null, 1);
  assert.deepEqual(readStampPage(text, 7), { listed: 2, ...fullPath(text, 7) });
  const flat = JSON.stringify({
    elements: [el('x'), el('y\\"z'), el('é', { attributes: { changedOn: { '127': 20250314 } } })],
  });
  assert.deepEqual(readStampPage(flat), { listed: 3, ...fullPath(flat) });
});

test('what is not a listing is refused as the full path refuses it', () => {
  for (const text of [
    '',
    '[]',
    '{"count": 1}',
    '{"values": [{"versionId": "v"}]}',
    '{"values": [{"id": "a"}',
    '{"values": [{"id": "a"}]} trailing',
    '{"values": [{"id": "a\\"}]}',
    '<html>',
  ]) {
    assert.throws(
      () => readStampPage(text),
      (error) => error instanceof LanesError && error.code === 'api.invalidResponse',
      text,
    );
  }
});
