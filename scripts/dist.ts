/**
 * `npm run dist`: production build, then installers with electron-builder.
 * electron-builder downloads Electron and its packaging tools from GitHub (or
 * the mirrors named by ELECTRON_MIRROR / ELECTRON_BUILDER_BINARIES_MIRROR); without
 * them it fails after minutes with a stack trace, so we ask first and say in one
 * sentence what is missing.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvHttpProxyAgent, fetch } from 'undici';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function downloadSources(env: NodeJS.ProcessEnv): string[] {
  return [
    env.ELECTRON_MIRROR ?? 'https://github.com/electron/electron/releases/',
    env.ELECTRON_BUILDER_BINARIES_MIRROR ??
      'https://github.com/electron-userland/electron-builder-binaries/releases/',
  ];
}

/** The first source that does not answer, or undefined when all do (any HTTP status counts as an answer). */
export async function firstUnreachable(sources: string[], timeoutMs = 8000): Promise<string | undefined> {
  const dispatcher = new EnvHttpProxyAgent();
  try {
    for (const source of sources) {
      try {
        await fetch(source, { method: 'HEAD', dispatcher, signal: AbortSignal.timeout(timeoutMs) });
      } catch {
        return source;
      }
    }
    return undefined;
  } finally {
    await dispatcher.close();
  }
}

/** electron-builder options for the update feed fixed at build time (LANES_UPDATE_FEED_URL); none: updates off. */
export function publishArguments(env: NodeJS.ProcessEnv): string[] {
  const url = env.LANES_UPDATE_FEED_URL?.trim();
  // With a generic publish target electron-builder writes latest*.yml beside the installers (upload them to the URL).
  return url ? ['-c.publish.provider=generic', `-c.publish.url=${url}`] : [];
}

/** The one-sentence reminder while build/electron-builder.yml still has the placeholder addresses. */
export function placeholderWarning(configText: string): string | undefined {
  return /\blanes\.invalid\b/.test(configText)
    ? 'Note: build/electron-builder.yml still names the placeholder author, homepage and maintainer (lanes.invalid); set the real ones before shipping these installers.'
    : undefined;
}

if (import.meta.main) {
  const unreachable = await firstUnreachable(downloadSources(process.env));
  if (unreachable) {
    console.error(
      `Lanes cannot build installers here: electron-builder downloads Electron and its packaging tools from ${unreachable}, which cannot be reached; ` +
        'run "npm run dist" where GitHub is reachable, or point ELECTRON_MIRROR and ELECTRON_BUILDER_BINARIES_MIRROR at mirrors you can reach.',
    );
    process.exit(1);
  }
  const warning = placeholderWarning(readFileSync(join(root, 'build', 'electron-builder.yml'), 'utf8'));
  if (warning) console.warn(warning);
  if (!process.env.LANES_UPDATE_FEED_URL?.trim())
    console.warn('Note: LANES_UPDATE_FEED_URL is not set, so these installers have updates turned off.');
  const steps: [string, string[], NodeJS.ProcessEnv][] = [
    [process.execPath, [join(root, 'scripts', 'build.ts')], { ...process.env, NODE_ENV: 'production' }],
    [
      process.execPath,
      [
        join(root, 'node_modules', 'electron-builder', 'cli.js'),
        '--config',
        'build/electron-builder.yml',
        ...publishArguments(process.env),
        ...process.argv.slice(2),
      ],
      process.env,
    ],
  ];
  for (const [command, args, env] of steps) {
    const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
