/**
 * The main bundle's edges, booted like e2e/electron/boot.e2e.test.ts against
 * the stand-in `electron`: a start that fails ends in a native error box that
 * names the log, releases the single-instance lock and exits; on a Linux
 * desktop without a keyring (safeStorage's `basic_text`) a token is stored
 * only after the user's explicit choice, asked once.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronRequestChannel } from '../../shared/ipc/channels.ts';
import { StandInBrowserWindow, StandInElectron, type StandInScript } from './stand-in/electron-stand-in.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bundle = join(root, 'dist', 'main', 'index.cjs');
const skip = existsSync(bundle) ? false : `boot test skipped: ${bundle} is not built (npm run build)`;
const requireBundle = createRequire(import.meta.url);
const folders: string[] = [];
const booted: StandInElectron[] = [];

after(() => {
  // What app.exit or a quit would end in Electron: the services of each boot.
  for (const electron of booted) electron.app.emit('will-quit', { preventDefault() {} });
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function waitFor(what: string, probe: () => boolean, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A fresh boot of the bundle: its own data folder, its own stand-in world. */
function boot(script: StandInScript): { electron: StandInElectron; dataDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'lanes boot edge '));
  folders.push(dataDir);
  StandInBrowserWindow.all.length = 0;
  const electron = new StandInElectron(script);
  booted.push(electron);
  electron.install(bundle);
  process.env.LANES_HOME = dataDir;
  process.argv = ['/opt/Lanes/lanes', root];
  delete requireBundle.cache[bundle];
  requireBundle(bundle);
  return { electron, dataDir };
}

test(
  'a start that fails shows an error box naming the log, releases the single-instance lock and exits',
  { skip },
  async () => {
    const { electron, dataDir } = boot({ failOn: 'screen.getAllDisplays', locale: 'de-DE' });
    assert.ok(electron.app.lockHeld);
    electron.app.fireReady();
    await waitFor('the exit', () => electron.app.exitCode !== undefined);
    assert.equal(electron.app.exitCode, 1);
    const log = join(dataDir, 'logs', 'main.log');
    assert.equal(electron.errorBoxes.length, 1);
    const [box] = electron.errorBoxes;
    assert.equal(box!.title, 'Lanes konnte nicht starten', 'in the language of the OS');
    assert.ok(box!.content.includes(log), `the log is named: ${box!.content}`);
    assert.match(box!.content, /screen\.getAllDisplays failed/);
    const names = electron.calls.map((call) => call.name);
    assert.ok(
      names.indexOf('dialog.showErrorBox') < names.indexOf('app.releaseSingleInstanceLock') &&
        names.indexOf('app.releaseSingleInstanceLock') < names.indexOf('app.exit'),
      `error box, then the lock released, then exit: ${names.join(', ')}`,
    );
    assert.equal(electron.app.lockHeld, false, 'the next start is not refused as a second instance');
    assert.match(
      readFileSync(log, 'utf8'),
      /ERROR \[main\] Lanes could not start Error: screen\.getAllDisplays failed/,
    );
  },
);

test(
  'without a keyring (basic_text) a token is stored only after the user chose so, and the choice is asked once',
  { skip },
  async () => {
    const { electron, dataDir } = boot({ storageBackend: 'basic_text' });
    electron.app.fireReady();
    await waitFor('the window', () => StandInBrowserWindow.all.length === 1);
    const frame = { url: 'lanes://app/index.html', isMainFrame: true };
    const save = (
      token: string,
    ): Promise<{ ok: boolean; error?: { code: string; params: Record<string, string> } }> =>
      electron.invoke(
        electronRequestChannel('profiles.save'),
        {
          name: 'Tenant',
          fields: { processBaseUrl: 'https://tenant.example.com' },
          secrets: { authToken: token },
        },
        frame,
      ) as Promise<{ ok: boolean; error?: { code: string; params: Record<string, string> } }>;
    const secretFiles = (): string[] =>
      readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
        file.endsWith('secrets.bin'),
      );

    electron.script.messageBoxAnswers = [1]; // Don't store
    const refused = await save('token-refused-000000');
    assert.equal(refused.ok, false);
    assert.equal(refused.error?.code, 'profiles.secretsNotProtected');
    assert.equal(refused.error?.params.backend, 'basic_text');
    assert.deepEqual(secretFiles(), [], 'nothing written without the choice');
    const question = electron.messageBoxes.at(-1)!;
    assert.equal(question.defaultId, 1, 'the default is not to store');
    assert.match(question.detail ?? '', /basic_text/);

    electron.script.messageBoxAnswers = [0]; // Store anyway
    assert.equal((await save('token-stored-0000000')).ok, true);
    assert.equal(secretFiles().length, 1);
    const asked = electron.messageBoxes.length;
    assert.equal((await save('token-stored-again-00')).ok, true);
    assert.equal(electron.messageBoxes.length, asked, 'asked once: the choice is kept');
  },
);
