import { test } from 'node:test';
import assert from 'node:assert/strict';
import { displayName, pickCulture } from './culture.ts';

test('the chosen culture wins; then invariant; then English, German, Spanish; then anything', () => {
  const names = { '1033': 'Order', '1031': 'Auftrag', '3082': 'Pedido' };
  assert.deepEqual(pickCulture(names, 1031), { text: 'Auftrag', culture: '1031', isFallback: false });
  assert.deepEqual(pickCulture({ '127': '1.2' }, 1031), { text: '1.2', culture: '127', isFallback: false });
  assert.deepEqual(pickCulture({ '1033': 'Order', '1031': ' ' }, 1031), {
    text: 'Order',
    culture: '1033',
    isFallback: true,
  });
  assert.deepEqual(pickCulture({ '2057': 'Colour' }, 1031), {
    text: 'Colour',
    culture: '2057',
    isFallback: true,
  });
  assert.deepEqual(pickCulture(undefined, 1033), { text: '', culture: null, isFallback: false });
});

test('a display name is never blank: the id stands in', () => {
  assert.equal(displayName({}, 1033, 'e-1').text, 'e-1');
  assert.equal(displayName({}, 1033, 'e-1').isFallback, true);
});
