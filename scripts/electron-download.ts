/**
 * The first `npm start` on a machine: Electron's binary is not in the npm
 * package (electron@45 has no install script; it downloads on first use), so
 * npm start gets it here, with Electron's own code: @electron/get (which
 * honours ELECTRON_MIRROR, ELECTRON_CUSTOM_DIR, ELECTRON_CUSTOM_FILENAME,
 * electron_config_cache, and with ELECTRON_GET_USE_PROXY the proxy variables)
 * fetches the zip into its cache, showing progress, and the package's own
 * install.js then verifies and unpacks it from that cache and writes path.txt.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface DownloadOutcome {
  ok: boolean;
  /** Without ok: the one sentence that says why and what to do. */
  problem?: string;
}

interface ElectronGet {
  downloadArtifact(details: {
    version: string;
    artifactName: string;
    platform: string;
    arch: string;
    cacheRoot?: string;
    force?: boolean;
    checksums?: Record<string, string>;
    downloadOptions?: {
      quiet?: boolean;
      getProgressCallback?: (progress: {
        transferred: number;
        total: number | null;
        percent: number;
      }) => void;
    };
  }): Promise<string>;
}

const truthy = (value: string | undefined): boolean =>
  value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';

/** Whether the environment says not to download the binary (CI sets ELECTRON_SKIP_BINARY_DOWNLOAD=1). */
export function downloadSkipped(env: NodeJS.ProcessEnv): boolean {
  return truthy(env.ELECTRON_SKIP_BINARY_DOWNLOAD) || truthy(env.npm_config_electron_skip_binary_download);
}

/** Where the download comes from, for the messages (the same variables @electron/get reads). */
export function downloadSource(env: NodeJS.ProcessEnv): string {
  return (
    env.npm_config_electron_mirror ||
    env.NPM_CONFIG_ELECTRON_MIRROR ||
    env.npm_package_config_electron_mirror ||
    env.ELECTRON_MIRROR ||
    'https://github.com/electron/electron/releases/download/'
  );
}

/** Why a download failed, in a few words a user can act on. */
export function describeDownloadFailure(error: unknown): string {
  const seen: unknown[] = [];
  for (let current = error; current && seen.length < 5; current = (current as { cause?: unknown }).cause)
    seen.push(current);
  for (const item of seen) {
    const { name, message, code, response } = item as {
      name?: string;
      message?: string;
      code?: string;
      response?: { status?: number };
    };
    if (name === 'HTTPError' && response?.status) return `the server answered HTTP ${response.status}`;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'its host name could not be resolved';
    if (code === 'ECONNREFUSED') return 'the connection was refused';
    if (code === 'ECONNRESET') return 'the connection was reset';
    if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return 'the connection timed out';
    if (code && /^(?:CERT_|UNABLE_TO_|SELF_SIGNED|DEPTH_ZERO)/.test(code))
      return `its certificate was not trusted (${code}; a company proxy's root certificate may be missing: NODE_EXTRA_CA_CERTS)`;
    if (message && /checksum|sha256/i.test(message)) return 'the download did not match its checksum';
    if (message && /Proxy|407/.test(message)) return `the proxy refused it (${message})`;
  }
  const last = seen.at(-1) as { message?: string } | undefined;
  return last?.message ?? String(error);
}

const megabytes = (bytes: number): string => `${Math.round(bytes / 1e6)} MB`;

/**
 * Downloads and unpacks the Electron the project depends on into
 * node_modules/electron. Prints progress to `out`; never throws.
 */
export async function downloadElectron(
  projectRoot: string,
  env: NodeJS.ProcessEnv = process.env,
  out: NodeJS.WriteStream = process.stderr,
): Promise<DownloadOutcome> {
  const packageDir = join(projectRoot, 'node_modules', 'electron');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const platform = env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform;
  const arch = env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || process.arch;
  const source = downloadSource(env);
  const childEnv: NodeJS.ProcessEnv = { ...env };
  // @electron/get reaches the network through proxies only when asked to; a proxy variable is that ask.
  if (
    !childEnv.ELECTRON_GET_USE_PROXY &&
    (env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy)
  )
    childEnv.ELECTRON_GET_USE_PROXY = '1';
  const sayFailed = (reason: string): DownloadOutcome => ({
    ok: false,
    problem:
      `Electron ${version} could not be downloaded from ${source} (${reason}); ` +
      'check the network and the proxy (HTTPS_PROXY), set ELECTRON_MIRROR to a mirror you can reach, ' +
      'or point ELECTRON_OVERRIDE_DIST_PATH at an unpacked Electron 45',
  });

  out.write(`Downloading Electron ${version} for ${platform}-${arch} from ${source} (once; about 110 MB)…\n`);
  try {
    const previousProxySetting = process.env.ELECTRON_GET_USE_PROXY;
    if (childEnv.ELECTRON_GET_USE_PROXY) process.env.ELECTRON_GET_USE_PROXY = childEnv.ELECTRON_GET_USE_PROXY;
    const packageRequire = createRequire(join(packageDir, 'package.json'));
    const get = (await import(pathToFileURL(packageRequire.resolve('@electron/get')).href)) as ElectronGet;
    if (previousProxySetting === undefined) delete process.env.ELECTRON_GET_USE_PROXY;
    const useRemoteChecksums =
      truthy(env.electron_use_remote_checksums) || truthy(env.npm_config_electron_use_remote_checksums);
    let shown = -1;
    await get.downloadArtifact({
      version,
      artifactName: 'electron',
      platform,
      arch,
      ...(env.electron_config_cache ? { cacheRoot: env.electron_config_cache } : {}),
      ...(env.force_no_cache === 'true' ? { force: true } : {}),
      ...(useRemoteChecksums
        ? {}
        : {
            checksums: JSON.parse(readFileSync(join(packageDir, 'checksums.json'), 'utf8')) as Record<
              string,
              string
            >,
          }),
      downloadOptions: {
        quiet: true,
        getProgressCallback: ({ transferred, total, percent }) => {
          const step = Math.floor(percent * 100);
          // A line per 10 % in a log, one line redrawn on a terminal.
          if (out.isTTY) {
            if (step === shown) return;
            out.write(`\r  ${step} %${total ? ` of ${megabytes(total)}` : ` (${megabytes(transferred)})`}`);
            if (percent >= 1) out.write('\n');
          } else if (step >= shown + 10 || (percent >= 1 && step !== shown)) {
            out.write(`  ${step} %${total ? ` of ${megabytes(total)}` : ` (${megabytes(transferred)})`}\n`);
          } else return;
          shown = step;
        },
      },
    });
  } catch (error) {
    return sayFailed(describeDownloadFailure(error));
  }
  // Electron's own installer: verifies the cached zip again, unpacks it, writes path.txt.
  const install = spawnSync(process.execPath, [join(packageDir, 'install.js')], {
    env: { ...childEnv, ELECTRON_GET_NO_PROGRESS: '1' },
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  if (install.status !== 0) {
    const firstLine =
      (install.stderr ?? '').split('\n').find((line) => line.trim()) ?? `exit code ${install.status}`;
    return sayFailed(`its installer failed: ${firstLine.trim()}`);
  }
  out.write(`Electron ${version} is ready.\n`);
  return { ok: true };
}
