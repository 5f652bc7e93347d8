/**
 * `npm start`: launches the built app in Electron. The first time, it
 * downloads Electron (scripts/electron-download.ts); where that cannot be
 * had, one sentence says why and what to do.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary } from './electron-binary.ts';
import { downloadElectron, downloadSkipped } from './electron-download.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function giveUp(reason: string): never {
  console.error(`Lanes cannot start: ${reason}.`);
  console.error(
    'Everything else (tests, the command line, the emulator) runs without Electron: see README.md.',
  );
  process.exit(1);
}

let binary = findElectronBinary(root);
if (!binary.found && binary.downloadable) {
  if (downloadSkipped(process.env))
    giveUp(
      'the Electron binary is not downloaded yet, and ELECTRON_SKIP_BINARY_DOWNLOAD is set, so npm start does not download it; ' +
        'run npm start without ELECTRON_SKIP_BINARY_DOWNLOAD, or point ELECTRON_OVERRIDE_DIST_PATH at an unpacked Electron 45',
    );
  const outcome = await downloadElectron(root);
  if (!outcome.ok) giveUp(outcome.problem!);
  binary = findElectronBinary(root);
}
if (!binary.found) giveUp(binary.reason);

const child = spawn(binary.path, [root, ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('error', (error) => giveUp(`Electron at ${binary.path} did not run (${error.message})`));
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
