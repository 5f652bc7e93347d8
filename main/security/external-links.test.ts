import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LanesError } from '../../shared/ipc/errors.ts';
import { openRuleDocs } from './external-links.ts';

const DOCS = 'https://github.com/bpmn-io/bpmnlint/blob/main/docs/rules/no-disconnected.md';

test('a bundled rule’s documentation goes to the system browser, and nothing else does', async () => {
  const opened: string[] = [];
  const open = async (url: string) => void opened.push(url);
  assert.deepEqual(await openRuleDocs(DOCS, open), { opened: true });
  for (const url of ['https://evil.example/', 'file:///etc/passwd', DOCS.replace('no-disconnected', 'nope')])
    await assert.rejects(
      openRuleDocs(url, open),
      (e) => e instanceof LanesError && e.code === 'link.refused',
    );
  assert.deepEqual(opened, [DOCS]);
});

test('without a browser (the CLI, a harness without one) it says where the page is', async () => {
  await assert.rejects(
    openRuleDocs(DOCS, undefined),
    (e) => e instanceof LanesError && e.code === 'link.unavailable' && e.params.url === DOCS,
  );
});
