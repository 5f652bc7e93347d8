/**
 * One build for everything that runs outside plain Node: the Electron main
 * bundle, the sandboxed preload, the renderer, and the harness preload the
 * Chromium tests use in place of Electron's.
 */
import { build, type BuildOptions } from 'esbuild';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cspSafeVendor } from './csp-safe-vendor.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface BuildSettings {
  /** Where the bundles go: dist/ of the repository unless a test builds elsewhere. */
  out: string;
  production: boolean;
  /** The generic update feed (LANES_UPDATE_FEED_URL at build time); empty: updates are off in this build. */
  updateFeedUrl: string;
}

export function buildSettingsFrom(env: NodeJS.ProcessEnv): BuildSettings {
  return {
    out: join(root, 'dist'),
    production: env.NODE_ENV === 'production',
    updateFeedUrl: env.LANES_UPDATE_FEED_URL?.trim() ?? '',
  };
}

/** The installer's appId (build/electron-builder.yml), which the app also gives Windows as its AppUserModelID. */
export function packagedAppId(): string {
  const { load } = createRequire(join(root, 'package.json'))('js-yaml') as { load(text: string): unknown };
  const config = load(readFileSync(join(root, 'build', 'electron-builder.yml'), 'utf8')) as { appId: string };
  return config.appId;
}

/** Per bundle (its path under `out`, with `/`), the packages it loads at run time rather than contains. */
export type ExternalImports = Record<string, string[]>;

export async function buildAll(
  settings: BuildSettings = buildSettingsFrom(process.env),
): Promise<ExternalImports> {
  const { out, production } = settings;
  const common: BuildOptions = {
    bundle: true,
    sourcemap: production ? false : 'linked',
    minify: production,
    logLevel: 'warning',
    legalComments: 'linked',
    // esbuild's own record of what each bundle leaves to run-time loading: the package test's list.
    metafile: true,
  };
  await rm(out, { recursive: true, force: true });
  await mkdir(join(out, 'renderer'), { recursive: true });
  const results = await Promise.all([
    build({
      ...common,
      entryPoints: [join(root, 'main/electron/main.ts')],
      outfile: join(out, 'main/index.cjs'),
      platform: 'node',
      format: 'cjs',
      target: 'node22',
      // electron-updater stays a package of its own (a production dependency electron-builder ships).
      external: ['electron', 'better-sqlite3', 'electron-updater'],
      // Fixed at build time: the feed is part of what the signed package is, not something the environment changes.
      define: {
        LANES_UPDATE_FEED_URL: JSON.stringify(settings.updateFeedUrl),
        LANES_APP_ID: JSON.stringify(packagedAppId()),
      },
      // Only the sync worker's default location reads import.meta; the Electron shell sets it explicitly.
      logOverride: { 'empty-import-meta': 'silent' },
    }),
    // The workers are threads of their own, ES modules (they await at top level) beside the main bundle:
    // the sync worker (pulls, prefetch) and the data pool's worker (file reading, pushes).
    ...[
      ['main/sync/sync-worker.ts', 'main/sync-worker.mjs'],
      ['main/datapool/push-worker.ts', 'main/push-worker.mjs'],
    ].map(([entry, bundle]) =>
      build({
        ...common,
        entryPoints: [join(root, entry!)],
        outfile: join(out, bundle!),
        platform: 'node',
        format: 'esm',
        target: 'node22',
        external: ['better-sqlite3'],
        banner: {
          js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        },
      }),
    ),
    // The service emulator for "Try the demo tenant": Electron's utility process runs it, plain Node in tests.
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
    // Split: the landscape starts from app.js alone; the editor, compare and conflict views (bpmn-js and
    // friends) are chunks under chunks/ that renderer/shell/lazy-views.ts imports when first needed, as is
    // chart.js for the Reports overview.
    // All CSS still lands in app.css (esbuild adds the chunks' CSS to their entry's), so index.html is unchanged.
    build({
      ...common,
      entryPoints: { app: join(root, 'renderer/app.ts') },
      outdir: join(out, 'renderer'),
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
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
  const externals: ExternalImports = {};
  for (const { metafile } of results)
    for (const [output, { imports }] of Object.entries(metafile?.outputs ?? {}))
      externals[relative(out, resolve(output)).split(sep).join('/')] = [
        ...new Set(imports.filter((entry) => entry.external).map((entry) => entry.path)),
      ].sort();
  return externals;
}

if (import.meta.main) {
  buildAll().catch((error: unknown) => {
    console.error('Build failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
