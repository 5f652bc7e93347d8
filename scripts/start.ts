/** `npm start`: launches the built app in Electron, or explains why it cannot. */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary } from './electron-binary.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const binary = findElectronBinary(root);

if (!binary.found) {
  console.error(`Lanes cannot start: ${binary.reason}.`);
  console.error(
    'Everything else (tests, the command line, the emulator) runs without Electron: see README.md.',
  );
  process.exit(1);
}

const child = spawn(binary.path, [root, ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
