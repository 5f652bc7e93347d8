/**
 * One build for everything that runs outside plain Node: the Electron main
 * bundle, the sandboxed preload, the renderer, and the harness preload the
 * Chromium tests use in place of Electron's.
 */
import { build, type BuildOptions } from 'esbuild';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cspSafeVendor } from './csp-safe-vendor.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist');
const production = process.env.NODE_ENV === 'production';

const common: BuildOptions = {
  bundle: true,
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'warning',
  legalComments: 'linked',
};

export async function buildAll(): Promise<void> {
  await rm(out, { recursive: true, force: true });
  await mkdir(join(out, 'renderer'), { recursive: true });
  await Promise.all([
    build({
      ...common,
      entryPoints: [join(root, 'main/electron/main.ts')],
      outfile: join(out, 'main/index.cjs'),
      platform: 'node',
      format: 'cjs',
      target: 'node22',
      external: ['electron', 'better-sqlite3'],
      // Only the sync worker's default location reads import.meta; the Electron shell sets it explicitly.
      logOverride: { 'empty-import-meta': 'silent' },
    }),
    // The sync worker is a thread of its own: an ES module (it awaits at top level) beside the main bundle.
    build({
      ...common,
      entryPoints: [join(root, 'main/cache/sync-worker.ts')],
      outfile: join(out, 'main/sync-worker.mjs'),
      platform: 'node',
      format: 'esm',
      target: 'node22',
      external: ['better-sqlite3'],
      banner: {
        js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
    }),
    // The service emulator for "Try the demo tenant", run by Electron as Node (ELECTRON_RUN_AS_NODE).
    build({
      ...common,
      entryPoints: [join(root, 'emulator/cli.ts')],
      outfile: join(out, 'emulator/cli.mjs'),
      platform: 'node',
      format: 'esm',
      target: 'node22',
      external: ['better-sqlite3'],
      banner: {
        js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
    }),
    build({
      ...common,
      entryPoints: [join(root, 'main/electron/preload.ts')],
      outfile: join(out, 'main/preload.cjs'),
      platform: 'node',
      format: 'cjs',
      target: 'node22',
      external: ['electron'],
    }),
    build({
      ...common,
      entryPoints: [join(root, 'renderer/app.ts')],
      outfile: join(out, 'renderer/app.js'),
      platform: 'browser',
      format: 'esm',
      target: 'chrome130',
      loader: { '.woff': 'file', '.woff2': 'file', '.ttf': 'file', '.eot': 'file', '.svg': 'file' },
      assetNames: 'assets/[name]-[hash]',
      plugins: [cspSafeVendor],
    }),
    build({
      ...common,
      entryPoints: [join(root, 'e2e/harness/harness-preload.ts')],
      outfile: join(out, 'harness/preload.js'),
      platform: 'browser',
      format: 'iife',
      target: 'chrome130',
    }),
  ]);
  await copyFile(join(root, 'renderer/index.html'), join(out, 'renderer/index.html'));
  await copyFile(join(root, 'renderer/favicon.svg'), join(out, 'renderer/favicon.svg'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildAll().catch((error: unknown) => {
    console.error('Build failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
