import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nothing } from 'lit';
import { OpenedOnce } from './opened-once.ts';

test('a dialog is not built before it first opens, and stays built once it has been open', () => {
  const dialog = new OpenedOnce();
  let built = 0;
  const build = (open: boolean): string => `dialog ${++built} ${open ? 'open' : 'closed'}`;

  assert.equal(dialog.render(false, build), nothing);
  assert.equal(dialog.render(false, build), nothing);
  assert.equal(built, 0, 'a closed dialog costs its owner no markup');

  assert.equal(dialog.render(true, build), 'dialog 1 open');
  // Closed again it stays in the page (its own `open` closes it), so that the focus goes back where it was.
  assert.equal(dialog.render(false, build), 'dialog 2 closed');
});
