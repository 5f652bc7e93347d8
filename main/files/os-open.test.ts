import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileService } from './file-service.ts';
import { bpmnPathsFromArgv } from './os-open-paths.ts';

const BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="Defs" targetNamespace="http://example.com">
  <bpmn:process id="P" />
</bpmn:definitions>
`;

test('the command line names diagrams by .bpmn path, relative to the folder it ran in; flags and the app folder are not diagrams', () => {
  assert.deepEqual(
    bpmnPathsFromArgv(
      ['.', '--demo', 'orders.bpmn', 'notes.txt', '/abs/Claims.BPMN', '--flag=x.bpmn'],
      '/home/u/work',
    ),
    ['/home/u/work/orders.bpmn', '/abs/Claims.BPMN'],
  );
  assert.deepEqual(bpmnPathsFromArgv(['/opt/Lanes/lanes'], '/'), []);
});

test('a file:// URI from a desktop entry (%U) names the local file, spaces and all; other schemes are no file', () => {
  assert.deepEqual(
    bpmnPathsFromArgv(
      [
        'file:///home/u/My%20Diagrams/Order%20to%20cash.bpmn',
        'https://example.com/x.bpmn',
        'file://server/share/x.bpmn',
        'file:///home/u/notes.txt',
      ],
      '/home/u/work',
    ),
    ['/home/u/My Diagrams/Order to cash.bpmn'],
  );
});

test('opened and saved .bpmn files go to the OS recent documents; image exports do not', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'lanes-recent-'));
  try {
    const path = join(folder, 'recent.bpmn');
    const copy = join(folder, 'copy.bpmn');
    writeFileSync(path, BPMN);
    const recent: string[] = [];
    const answers = [copy, join(folder, 'picture.svg')];
    const files = new FileService({
      onChanged: () => {},
      onRecentDocument: (document) => recent.push(document),
      dialogs: {
        chooseBpmnToOpen: () => Promise.resolve(null),
        chooseSaveLocation: () => Promise.resolve(answers.shift() ?? null),
      },
    });
    files.openFromOs([path]);
    const opened = await files.readBpmn(files.takeOsOpens()[0]!);
    await files.saveBpmn({ path: null, xml: opened.xml });
    await files.exportImage({ format: 'svg', suggestedName: 'picture.svg', data: '<svg/>' });
    assert.deepEqual(recent, [path, copy]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('files from the OS may be read (they were chosen there), wait until taken, and are taken once', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'lanes-os-open-'));
  try {
    const path = join(folder, 'from-os.bpmn');
    writeFileSync(path, BPMN);
    let announced = 0;
    const files = new FileService({ onChanged: () => {}, onOsOpensWaiting: () => announced++ });
    await assert.rejects(files.readBpmn(path), /reads only files chosen/, 'not before the OS named it');

    files.openFromOs([]);
    assert.equal(announced, 0, 'nothing to announce');
    files.openFromOs([path]);
    assert.equal(announced, 1);
    assert.deepEqual(files.takeOsOpens(), [path]);
    assert.deepEqual(files.takeOsOpens(), [], 'a second take finds nothing: each file opens once');
    const opened = await files.readBpmn(path);
    assert.equal(opened.name, 'from-os.bpmn');
    assert.match(opened.xml, /bpmn:process id="P"/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
