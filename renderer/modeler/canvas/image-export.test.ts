import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exportFileName } from '../../base/file-names.ts';

test('export file names drop path separators and characters Windows refuses', () => {
  assert.equal(exportFileName('Order: a/b <x>?', 'png'), 'Order a b x.png');
  assert.equal(exportFileName('  ', 'svg'), 'diagram.svg');
  assert.equal(exportFileName('x'.repeat(300), 'bpmn').length, 125);
});
