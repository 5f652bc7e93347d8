// Plain JavaScript on purpose: this must run (and explain itself) on the old
// Node versions that cannot run the project's TypeScript, before any .ts file
// is loaded and fails with ERR_UNKNOWN_FILE_EXTENSION.
import { readFileSync } from 'node:fs';

const required = Number(readFileSync(new URL('../.nvmrc', import.meta.url), 'utf8').trim());
const running = Number(process.versions.node.split('.')[0]);

if (running < required) {
  console.error(
    `Lanes needs Node ${required} or newer to run its TypeScript directly, but this is Node ${process.versions.node}: ` +
      `install Node ${required} (for example "nvm install" in this folder, which reads .nvmrc) and run the command again.`,
  );
  process.exit(1);
}
