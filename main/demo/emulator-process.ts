import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { Logger } from '../log/logger.ts';
import { registerSecret } from '../log/redact.ts';

/** How to run the service emulator's command line: Node (or Electron as Node) with its script. */
export interface EmulatorLaunch {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** The one JSON line the emulator prints on stdout when it is ready (emulator/README.md). */
const readyLineSchema = z.object({
  processBaseUrl: z.string().min(1),
  reportingBaseUrl: z.string().min(1),
  dataPushBaseUrl: z.string().min(1),
  collectionId: z.string().min(1),
  storageId: z.string().min(1),
  tenantId: z.string().min(1),
  authToken: z.string().min(1),
  bpmnToken: z.string().min(1),
  reportingApiKey: z.string().min(1),
  dataPushKey: z.string().min(1),
  poolId: z.string().min(1),
});
export type EmulatorReady = z.infer<typeof readyLineSchema>;

export interface EmulatorProcess {
  readonly pid: number | undefined;
  readonly config: EmulatorReady;
  /** Resolves once the process has exited (whatever the reason). */
  readonly exited: Promise<void>;
  /** SIGTERM, then SIGKILL if it is still there after the grace period. */
  stop(graceMs?: number): Promise<void>;
}

const failed = (reason: string, cause?: unknown): LanesError =>
  new LanesError({
    code: 'demo.failed',
    message: `The demo tenant could not be started: ${reason}.`,
    params: { reason },
    cause,
  });

/**
 * Starts the emulator as a child process and waits for its ready line. Its
 * stderr goes to the logger line by line (the logger redacts); the tokens of
 * the ready line are registered as secrets before anything is logged.
 */
export function spawnEmulator(
  launch: EmulatorLaunch,
  extraArgs: string[],
  logger: Logger,
  readyTimeoutMs: number,
  signal?: AbortSignal,
): Promise<EmulatorProcess> {
  let child: ChildProcess;
  try {
    child = spawn(launch.command, [...launch.args, ...extraArgs], {
      // stdin stays open as a lifeline: --exit-with-stdin ends the emulator when Lanes dies, however it dies.
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ...launch.env },
      windowsHide: true,
    });
  } catch (error) {
    return Promise.reject(failed(`cannot run ${launch.command}`, error));
  }
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const stderrTail: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    stderrTail.push(line);
    if (stderrTail.length > 5) stderrTail.shift();
    logger.info(`demo emulator: ${line}`);
  });

  return new Promise<EmulatorProcess>((resolve, reject) => {
    let settled = false;
    const fail = (reason: string, cause?: unknown): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stop(child, exited, 2000);
      reject(failed(reason, cause));
    };
    const timer = setTimeout(
      () => fail(`the emulator did not get ready within ${Math.round(readyTimeoutMs / 1000)} s`),
      readyTimeoutMs,
    );
    // Aborting while it starts (the app quits) ends the child at once.
    signal?.addEventListener('abort', () => fail('the app is closing'), { once: true });
    child.once('error', (error) => fail(`cannot run ${launch.command} (${error.message})`, error));
    // 'close' rather than 'exit': by then stderr is read to the end, so its last line is known.
    child.once('close', (code, signal) => {
      const last = stderrTail.at(-1);
      fail(
        `the emulator ended before it was ready (${signal ?? `exit code ${code}`})${last ? `: ${last}` : ''}`,
      );
    });
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      lines.close();
      // Nothing else is expected on stdout, but a full pipe would stall the child: keep draining.
      child.stdout!.resume();
      let config: EmulatorReady;
      try {
        config = readyLineSchema.parse(JSON.parse(line));
      } catch (error) {
        fail('the emulator printed something other than its ready line', error);
        return;
      }
      for (const key of ['authToken', 'bpmnToken', 'reportingApiKey', 'dataPushKey'] as const)
        registerSecret(config[key]);
      settled = true;
      clearTimeout(timer);
      resolve({
        pid: child.pid,
        config,
        exited,
        stop: (graceMs = 3000) => stop(child, exited, graceMs),
      });
    });
  });
}

async function stop(child: ChildProcess, exited: Promise<void>, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  // A quitting app must not wait for the grace period just because this timer is pending.
  timer.unref();
  await exited;
  clearTimeout(timer);
}
