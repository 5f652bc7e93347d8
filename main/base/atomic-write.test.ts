import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linkSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomically } from './atomic-write.ts';
import { writeJsonAtomic } from './json-file.ts';
import { createSettingsStore } from '../settings/settings-store.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { writeOutputFile } from '../cli/commands/files.ts';
import type { CommandContext } from '../cli/context.ts';

const folder = (): string => mkdtempSync(join(tmpdir(), 'lanes-durable-'));

/** A hard link made before the write still shows the old bytes only if the file was replaced, not rewritten. */
function assertReplacedWhole(file: string, write: () => void | Promise<void>): Promise<void> | void {
  const witness = `${file}.witness`;
  linkSync(file, witness);
  const before = readFileSync(witness, 'utf8');
  const done = (): void => {
    assert.equal(readFileSync(witness, 'utf8'), before, `${file} was rewritten in place`);
    assert.notEqual(readFileSync(file, 'utf8'), before);
    assert.equal(statSync(file).mode & 0o777, 0o600, `${file} is private`);
    assert.deepEqual(
      readdirSync(join(file, '..')).filter((name) => name.endsWith('.tmp')),
      [],
      'no temporary file left behind',
    );
  };
  const result = write();
  return result instanceof Promise ? result.then(done) : done();
}

test('a write replaces the file whole, private by default, and creates the folder when asked', () => {
  const file = join(folder(), 'nested', 'data.json');
  writeFileAtomically(file, 'one', { createFolder: true });
  assert.equal(statSync(join(file, '..')).mode & 0o777, 0o700);
  assertReplacedWhole(file, () => writeFileAtomically(file, 'two'));
  writeFileAtomically(file, 'three', { mode: 0o644 });
  assert.equal(statSync(file).mode & 0o777, 0o644);
});

test('a failed write leaves the old file and no temporary file', () => {
  const dir = folder();
  const file = join(dir, 'data.json');
  writeFileAtomically(file, 'old');
  assert.throws(() => writeFileAtomically(join(dir, 'missing', 'x'), 'new'));
  assert.throws(() => writeFileAtomically(dir, 'new'), 'a folder cannot be replaced by a file');
  assert.equal(readFileSync(file, 'utf8'), 'old');
  assert.deepEqual(readdirSync(dir), ['data.json']);
});

test('settings and every JSON document of the data folder go through it', () => {
  const dir = folder();
  const settings = createSettingsStore(dir, 'en', createMemoryLogger());
  settings.update({ uiLanguage: 'de' });
  assertReplacedWhole(join(dir, 'settings.json'), () => void settings.update({ uiLanguage: 'en' }));
  writeJsonAtomic(join(dir, 'recents.json'), { a: 1 });
  assertReplacedWhole(join(dir, 'recents.json'), () => writeJsonAtomic(join(dir, 'recents.json'), { a: 2 }));
});

test("the CLI's output file is replaced whole and private: it holds tenant data", async () => {
  const out = join(folder(), 'export.bpmn');
  writeFileSync(out, 'old output');
  const ctx = { out: { write: () => true } } as unknown as CommandContext;
  await assertReplacedWhole(out, () => writeOutputFile(ctx, out, '<definitions/>'));
});
