import { homedir } from 'node:os';
import { join } from 'node:path';

const APP_FOLDER_NAME = 'Lanes';

/**
 * The data folder shared by the desktop app and the command line: `LANES_HOME`
 * when set (tests, portable installs), else the folder Electron itself would
 * choose as `userData` for an app named Lanes.
 */
export function resolveDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (env.LANES_HOME) return env.LANES_HOME;
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_FOLDER_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_FOLDER_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), APP_FOLDER_NAME);
}
