import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isAllowedNavigation, isTrustedSender } from './sender-policy.ts';

test('only the main frame of the app origin is a trusted sender', () => {
  assert.equal(isTrustedSender({ url: 'lanes://app/index.html', isMainFrame: true }), true);
  assert.equal(isTrustedSender({ url: 'lanes://app/index.html#/about', isMainFrame: true }), true);
  assert.equal(isTrustedSender({ url: 'lanes://app/index.html', isMainFrame: false }), false);
  assert.equal(isTrustedSender({ url: 'https://evil.example/index.html', isMainFrame: true }), false);
  assert.equal(isTrustedSender({ url: 'lanes://other/index.html', isMainFrame: true }), false);
  assert.equal(isTrustedSender({ url: 'file:///index.html', isMainFrame: true }), false);
  assert.equal(isTrustedSender({ url: 'not a url', isMainFrame: true }), false);
  assert.equal(isTrustedSender(null), false);
});

test('navigation is refused except to the app entry itself', () => {
  assert.equal(isAllowedNavigation('lanes://app/index.html'), true);
  assert.equal(isAllowedNavigation('lanes://app/other.html'), false);
  assert.equal(isAllowedNavigation('https://example.com/'), false);
  assert.equal(isAllowedNavigation('javascript:alert(1)'), false);
  // Origins of unknown schemes are all "null": these must not pass as the app's own.
  assert.equal(isAllowedNavigation('file:///index.html'), false);
  assert.equal(isAllowedNavigation('data:text/html,/index.html'), false);
  assert.equal(isAllowedNavigation('lanes://evil/index.html'), false);
  assert.equal(isAllowedNavigation('other://app/index.html'), false);
});
