import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type ElectronBinary =
  | { found: true; path: string }
  /** `downloadable`: only the download is missing (npm start gets it). */
  | { found: false; reason: string; downloadable: boolean };

const EXECUTABLE_BY_PLATFORM: Partial<Record<NodeJS.Platform, string>> = {
  win32: 'electron.exe',
  darwin: 'Electron.app/Contents/MacOS/Electron',
};

/**
 * Finds the Electron executable without `require('electron')`, which would
 * try to download it and throw a stack trace where it cannot.
 */
export function findElectronBinary(
  projectRoot: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): ElectronBinary {
  const packageDir = join(projectRoot, 'node_modules', 'electron');
  const pathFile = join(packageDir, 'path.txt');
  const executable = existsSync(pathFile)
    ? readFileSync(pathFile, 'utf8').trim()
    : (EXECUTABLE_BY_PLATFORM[platform] ?? 'electron');

  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const path = join(env.ELECTRON_OVERRIDE_DIST_PATH, executable);
    return existsSync(path)
      ? { found: true, path }
      : {
          found: false,
          reason: `ELECTRON_OVERRIDE_DIST_PATH is set, but ${path} does not exist`,
          downloadable: false,
        };
  }
  if (!existsSync(packageDir))
    return {
      found: false,
      reason: 'the electron package is not installed (run npm install)',
      downloadable: false,
    };
  const path = join(packageDir, 'dist', executable);
  if (existsSync(pathFile) && existsSync(path)) return { found: true, path };
  return {
    found: false,
    reason:
      'the Electron binary is not downloaded yet (npm start downloads it; ' +
      'or point ELECTRON_OVERRIDE_DIST_PATH at an unpacked Electron 45)',
    downloadable: true,
  };
}
