import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defuseMarkup } from './defuse-markup.ts';

test('event handlers and inline styles are renamed wherever the HTML tokenizer would see an attribute', () => {
  assert.equal(
    defuseMarkup('<img src="x" onerror="a()"><p style="color:red">t</p>'),
    '<img src="x" data-defused-onerror="a()"><p data-defused-style="color:red">t</p>',
  );
  // Slash and quote separators, upper case, spaces before "=".
  assert.equal(defuseMarkup('<svg/onload=a()>'), '<svg/data-defused-onload=a()>');
  assert.equal(defuseMarkup('<a href="x"ONCLICK ="a()">'), '<a href="x"data-defused-ONCLICK ="a()">');
});

test('text and other attributes stay as they are', () => {
  const text = '<p class="online" data-on="1">Click on the button = done</p>';
  assert.equal(defuseMarkup(text), text);
});
