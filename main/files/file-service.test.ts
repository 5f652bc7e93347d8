import { after, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { FileDialogs } from './file-dialogs.ts';
import { FileService } from './file-service.ts';

const BPMN = (name: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="Defs" targetNamespace="http://example.com">
  <bpmn:process id="P1"><bpmn:task id="T1" name="${name}"/></bpmn:process>
</bpmn:definitions>`;

/** The one seam: the user's answers in the native dialogs. */
class AnsweringDialogs implements FileDialogs {
  answers: (string | null)[] = [];
  chooseBpmnToOpen(): Promise<string | null> {
    return Promise.resolve(this.answers.shift() ?? null);
  }
  chooseSaveLocation(): Promise<string | null> {
    return Promise.resolve(this.answers.shift() ?? null);
  }
}

/** Read-only for this user; root ignores permissions, so it gets the immutable flag instead. */
function lockFolder(path: string): boolean {
  if (process.getuid?.() !== 0) {
    chmodSync(path, 0o555);
    return true;
  }
  try {
    execFileSync('chattr', ['+i', path], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function unlockFolder(path: string): void {
  if (process.getuid?.() === 0) execFileSync('chattr', ['-i', path], { stdio: 'ignore' });
  else chmodSync(path, 0o755);
}

const hasCode = (code: string) => (error: unknown) => error instanceof LanesError && error.code === code;
const waitFor = async (check: () => boolean, ms = 4000): Promise<void> => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) assert.fail('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('local .bpmn files: open, atomic save, external changes, exports', () => {
  const folder = mkdtempSync(join(tmpdir(), 'lanes-files-'));
  let dialogs: AnsweringDialogs;
  let changes: { path: string; mtimeMs: number | null }[];
  let files: FileService;

  beforeEach(() => {
    files?.dispose();
    dialogs = new AnsweringDialogs();
    changes = [];
    files = new FileService({ dialogs, onChanged: (change) => changes.push(change) });
  });
  after(() => {
    files.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  async function openNew(name: string, xml = BPMN('First')) {
    const path = join(folder, name);
    writeFileSync(path, xml);
    dialogs.answers.push(path);
    return (await files.openBpmn())!;
  }

  test('open reads the chosen file; save writes it atomically and leaves no temporary file', async () => {
    const opened = await openNew('a.bpmn');
    assert.equal(opened.name, 'a.bpmn');
    assert.match(opened.xml, /name="First"/);
    const saved = await files.saveBpmn({
      path: opened.path,
      xml: BPMN('Second'),
      expectedMtimeMs: opened.mtimeMs,
    });
    assert.ok(saved);
    assert.equal(readFileSync(opened.path, 'utf8'), BPMN('Second'));
    assert.deepEqual(
      readdirSync(folder).filter((f) => f.endsWith('.tmp')),
      [],
    );
    dialogs.answers.push(null);
    assert.equal(await files.openBpmn(), null, 'a cancelled dialog opens nothing');
  });

  test('a file changed by another program is not overwritten unless the user says so', async () => {
    const opened = await openNew('b.bpmn');
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFileSync(opened.path, BPMN('Changed elsewhere'));
    await assert.rejects(
      files.saveBpmn({ path: opened.path, xml: BPMN('Mine'), expectedMtimeMs: opened.mtimeMs }),
      hasCode('file.changedOnDisk'),
    );
    assert.match(readFileSync(opened.path, 'utf8'), /Changed elsewhere/);
    await files.saveBpmn({
      path: opened.path,
      xml: BPMN('Mine'),
      expectedMtimeMs: opened.mtimeMs,
      overwrite: true,
    });
    assert.match(readFileSync(opened.path, 'utf8'), /Mine/);
  });

  test('a watched file reports a change by another editor (also by rename), not Lanes’s own save', async () => {
    const opened = await openNew('c.bpmn');
    files.watch(opened.path);
    const saved = await files.saveBpmn({
      path: opened.path,
      xml: BPMN('Own save'),
      expectedMtimeMs: opened.mtimeMs,
    });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    assert.equal(changes.length, 0, 'our own save is not news');

    // Another editor writes a new file and renames it over the old one.
    const other = join(folder, 'c.bpmn.other');
    writeFileSync(other, BPMN('Other editor'));
    renameSync(other, opened.path);
    await waitFor(() => changes.length > 0);
    assert.equal(changes[0]!.path, opened.path);
    assert.notEqual(changes[0]!.mtimeMs, saved!.mtimeMs);
    files.unwatch(opened.path);
  });

  test('reload reads an opened file again without a dialog; other paths and broken files are refused', async () => {
    const opened = await openNew('reload.bpmn');
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFileSync(opened.path, BPMN('Changed elsewhere'));
    const reread = await files.readBpmn(opened.path);
    assert.equal(dialogs.answers.length, 0);
    assert.equal(reread.path, opened.path);
    assert.equal(reread.name, 'reload.bpmn');
    assert.match(reread.xml, /name="Changed elsewhere"/);
    assert.notEqual(reread.mtimeMs, opened.mtimeMs, 'the editor learns the new modification time');
    // With the new time, a save is not mistaken for overwriting an outside change.
    await files.saveBpmn({ path: opened.path, xml: BPMN('Mine'), expectedMtimeMs: reread.mtimeMs });

    const never = join(folder, 'never-opened.bpmn');
    writeFileSync(never, BPMN('Secret'));
    await assert.rejects(files.readBpmn(never), hasCode('file.unreadable'));
    writeFileSync(opened.path, 'no longer BPMN');
    await assert.rejects(files.readBpmn(opened.path), hasCode('file.notBpmn'));
    rmSync(opened.path);
    await assert.rejects(files.readBpmn(opened.path), hasCode('file.unreadable'));
  });

  test('a file that is not BPMN is refused, with the reason', async () => {
    await assert.rejects(openNew('d.bpmn', 'just some text'), hasCode('file.notBpmn'));
    await assert.rejects(openNew('e.bpmn', '<html><body/></html>'), hasCode('file.notBpmn'));
    dialogs.answers.push(join(folder, 'missing.bpmn'));
    await assert.rejects(files.openBpmn(), hasCode('file.unreadable'));
  });

  test('a save into a read-only folder fails with writeFailed and leaves the old file intact', async (t) => {
    const locked = join(folder, 'locked');
    mkdirSync(locked);
    const path = join(locked, 'f.bpmn');
    writeFileSync(path, BPMN('Old'));
    dialogs.answers.push(path);
    const opened = (await files.openBpmn())!;
    if (!lockFolder(locked)) return t.skip('this machine cannot make a folder read-only for this user');
    try {
      await assert.rejects(
        files.saveBpmn({ path: opened.path, xml: BPMN('New'), expectedMtimeMs: opened.mtimeMs }),
        (error) =>
          hasCode('file.writeFailed')(error) &&
          /permission denied/.test((error as LanesError).params.reason!),
      );
      assert.equal(readFileSync(path, 'utf8'), BPMN('Old'));
      assert.deepEqual(readdirSync(locked), ['f.bpmn']);
    } finally {
      unlockFolder(locked);
    }
  });

  test('paths the user never chose are refused; Save as asks and exports write images', async () => {
    await assert.rejects(
      files.saveBpmn({ path: join(folder, 'never-chosen.bpmn'), xml: BPMN('x') }),
      hasCode('file.writeFailed'),
    );
    const target = join(folder, 'saved-as.bpmn');
    dialogs.answers.push(target);
    const saved = await files.saveBpmn({ path: null, xml: BPMN('As'), suggestedName: 'x.bpmn' });
    assert.equal(saved?.path, target);
    dialogs.answers.push(null);
    assert.equal(await files.saveBpmn({ path: null, xml: BPMN('As') }), null);

    const svgPath = join(folder, 'd.svg');
    dialogs.answers.push(svgPath);
    assert.deepEqual(await files.exportImage({ format: 'svg', suggestedName: 'd.svg', data: '<svg/>' }), {
      path: svgPath,
    });
    assert.equal(readFileSync(svgPath, 'utf8'), '<svg/>');
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('rest'),
    ]);
    const pngPath = join(folder, 'd.png');
    dialogs.answers.push(pngPath);
    await files.exportImage({ format: 'png', suggestedName: 'd.png', data: png.toString('base64') });
    assert.deepEqual(readFileSync(pngPath), png);
    await assert.rejects(
      files.exportImage({
        format: 'png',
        suggestedName: 'd.png',
        data: Buffer.from('nope').toString('base64'),
      }),
      hasCode('file.writeFailed'),
    );
  });

  test('without dialogs the file channels answer with a typed error', async () => {
    const bare = new FileService({ onChanged: () => {} });
    await assert.rejects(bare.openBpmn(), hasCode('file.unreadable'));
    await assert.rejects(bare.saveBpmn({ path: null, xml: BPMN('x') }), hasCode('file.writeFailed'));
  });
});

describe('local .bpmn files from other tools: encodings, pools only, missing files', () => {
  const folder = mkdtempSync(join(tmpdir(), 'lanes-files-real-'));
  const dialogs = new AnsweringDialogs();
  const files = new FileService({ dialogs, onChanged: () => {} });
  after(() => {
    files.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  async function open(name: string, bytes: Buffer) {
    const path = join(folder, name);
    writeFileSync(path, bytes);
    dialogs.answers.push(path);
    return (await files.openBpmn())!;
  }

  test('an ISO-8859-1 file opens with its umlauts and is saved as UTF-8, declared so', async () => {
    const latin1 = BPMN('Tüte prüfen').replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    const opened = await open('latin1.bpmn', Buffer.from(latin1, 'latin1'));
    assert.match(opened.xml, /name="Tüte prüfen"/);
    assert.equal(opened.convertedFrom, 'ISO-8859-1');
    await files.saveBpmn({ path: opened.path, xml: latin1, expectedMtimeMs: opened.mtimeMs });
    const written = readFileSync(opened.path);
    assert.equal(written.toString('utf8'), BPMN('Tüte prüfen'), 'UTF-8 bytes, UTF-8 declaration');
  });

  test('a UTF-16 file with BOM opens; a UTF-8 file says nothing about conversion', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(BPMN('Größe'), 'utf16le')]);
    const opened = await open('utf16.bpmn', utf16);
    assert.match(opened.xml, /name="Größe"/);
    assert.equal(opened.convertedFrom, 'UTF-16LE');
    assert.equal((await open('plain.bpmn', Buffer.from(BPMN('Größe')))).convertedFrom, null);
  });

  test('an unknown encoding is refused by name with file.unsupportedEncoding', async () => {
    const ebcdic = Buffer.from(BPMN('x').replace('encoding="UTF-8"', 'encoding="EBCDIC-XY"'), 'latin1');
    await assert.rejects(
      open('ebcdic.bpmn', ebcdic),
      (error) =>
        hasCode('file.unsupportedEncoding')(error) && (error as LanesError).params.encoding === 'EBCDIC-XY',
    );
  });

  test('a diagram of pools only, without a process, opens and saves', async () => {
    const poolsOnly = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="x">
  <bpmn:collaboration id="C"><bpmn:participant id="Pool" name="Kunde"/></bpmn:collaboration>
</bpmn:definitions>`;
    const opened = await open('pools.bpmn', Buffer.from(poolsOnly));
    assert.equal(opened.xml, poolsOnly);
    assert.ok(await files.saveBpmn({ path: opened.path, xml: poolsOnly, expectedMtimeMs: opened.mtimeMs }));
  });

  test('a file that is gone is reported as such, not as a missing folder', async () => {
    const opened = await open('gone.bpmn', Buffer.from(BPMN('x')));
    rmSync(opened.path);
    await assert.rejects(files.readBpmn(opened.path), (error) => {
      assert.ok(hasCode('file.unreadable')(error));
      assert.equal((error as LanesError).params.reason, 'the file does not exist');
      return true;
    });
  });
});
