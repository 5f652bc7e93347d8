import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator/index.ts';
import { runLanes } from './lanes.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliWorld {
  emulator: RunningEmulator;
  home: string;
  lanes(args: string[], env?: NodeJS.ProcessEnv): Promise<CliRun>;
  json<T>(args: string[]): Promise<T>;
  file(name: string, text: string | Buffer): string;
  close(): Promise<void>;
}

/**
 * A real emulator on loopback and a fresh LANES_HOME with a profile made from
 * the emulator's ready line, as a user would set it up.
 */
export async function startCliWorld(options: EmulatorOptions = {}): Promise<CliWorld> {
  const emulator = await startEmulator({ seed: 'demo', quiet: true, ...options });
  const home = mkdtempSync(join(tmpdir(), 'lanes-cli-'));
  const lanes = async (args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> => {
    let stdout = '';
    let stderr = '';
    const code = await runLanes({
      argv: args,
      env: { LANES_HOME: home, LANG: 'en_US.UTF-8', ...env },
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
    });
    return { code, stdout, stderr };
  };
  const file = (name: string, text: string | Buffer): string => {
    const path = join(home, name);
    writeFileSync(path, text);
    return path;
  };
  const ready = file('ready.json', JSON.stringify(emulator.config));
  const added = await lanes([
    'profile',
    'add',
    'emu',
    '--from-json',
    ready,
    '--secrets-file',
    join(home, 'emu.secrets.json'),
  ]);
  if (added.code !== 0) throw new Error(`profile add failed: ${added.stderr}`);
  return {
    emulator,
    home,
    lanes,
    async json<T>(args: string[]): Promise<T> {
      const run = await lanes([...args, '--json']);
      if (run.code !== 0) throw new Error(`lanes ${args.join(' ')} failed (${run.code}): ${run.stderr}`);
      return JSON.parse(run.stdout) as T;
    },
    file,
    async close() {
      await emulator.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** Every secret of the emulator's config, for "appears nowhere" assertions. */
export function secretsOf(world: CliWorld): string[] {
  const c = world.emulator.config;
  return [c.authToken, c.bpmnToken, c.reportingApiKey, c.dataPushKey];
}
