import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { Logger } from '../log/logger.ts';
import { registerSecret } from '../log/redact.ts';

/** How to run the service emulator's command line as a Node child process: a runtime and its script. */
export interface EmulatorLaunch {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/**
 * A running emulator, whatever runs it: a Node child process (tests, the CLI)
 * or Electron's utility process (the desktop app, whose RunAsNode fuse is off).
 */
interface EmulatorChild {
  readonly pid: number | undefined;
  readonly stdout: NodeJS.ReadableStream;
  readonly stderr: NodeJS.ReadableStream;
  /** Resolves once the process is gone and its output read: how it ended, or why it never ran. */
  readonly ended: Promise<{ how: string; startError?: Error }>;
  /** Asks it to stop (SIGTERM: it closes its database and exits). */
  terminate(): void;
  /** Ends it at once (SIGKILL). */
  kill(): void;
}

/**
 * Starts the emulator with these arguments. It must end when Lanes ends,
 * however Lanes ends (quit, crash, SIGKILL): each way of running it keeps that
 * promise itself. Throws when it cannot even try.
 */
export type EmulatorStarter = (args: string[]) => EmulatorChild;

/** The one JSON line the emulator prints on stdout when it is ready (docs/emulator.md). */
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
type EmulatorReady = z.infer<typeof readyLineSchema>;

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
 * Runs the emulator as a Node child process. stdin stays open as a lifeline:
 * --exit-with-stdin ends the emulator when Lanes dies, however it dies.
 */
function nodeEmulatorStarter(launch: EmulatorLaunch): EmulatorStarter {
  return (args) => {
    const child = spawn(launch.command, [...launch.args, ...args, '--exit-with-stdin'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ...launch.env },
      windowsHide: true,
    });
    const ended = new Promise<{ how: string; startError?: Error }>((resolve) => {
      child.once('error', (error) =>
        resolve({ how: `cannot run ${launch.command} (${error.message})`, startError: error }),
      );
      // 'close' rather than 'exit': by then stderr is read to the end, so its last line is known.
      child.once('close', (code, signal) => resolve({ how: signal ?? `exit code ${code}` }));
    });
    return {
      get pid() {
        return child.pid;
      },
      stdout: child.stdout,
      stderr: child.stderr,
      ended,
      terminate: () => void child.kill('SIGTERM'),
      kill: () => void child.kill('SIGKILL'),
    };
  };
}

/**
 * Starts the emulator and waits for its ready line. Its stderr goes to the
 * logger line by line (the logger redacts); the tokens of the ready line are
 * registered as secrets before anything is logged.
 */
export function spawnEmulator(
  launch: EmulatorLaunch | EmulatorStarter,
  extraArgs: string[],
  logger: Logger,
  readyTimeoutMs: number,
  signal?: AbortSignal,
): Promise<EmulatorProcess> {
  const start = typeof launch === 'function' ? launch : nodeEmulatorStarter(launch);
  let child: EmulatorChild;
  try {
    child = start(extraArgs);
  } catch (error) {
    return Promise.reject(failed('the emulator cannot be run', error));
  }
  let gone = false;
  const exited = child.ended.then(() => {
    gone = true;
  });
  const stderrTail: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => {
    stderrTail.push(line);
    if (stderrTail.length > 5) stderrTail.shift();
    logger.info(`demo emulator: ${line}`);
  });
  const stopChild = (graceMs: number): Promise<void> => stop(child, () => gone, exited, graceMs);

  return new Promise<EmulatorProcess>((resolve, reject) => {
    let settled = false;
    const fail = (reason: string, cause?: unknown): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stopChild(2000);
      reject(failed(reason, cause));
    };
    const timer = setTimeout(
      () => fail(`the emulator did not get ready within ${Math.round(readyTimeoutMs / 1000)} s`),
      readyTimeoutMs,
    );
    // Aborting while it starts (the app quits) ends the child at once.
    signal?.addEventListener('abort', () => fail('the app is closing'), { once: true });
    void child.ended.then(({ how, startError }) => {
      if (startError) return fail(how, startError);
      const last = stderrTail.at(-1);
      fail(`the emulator ended before it was ready (${how})${last ? `: ${last}` : ''}`);
    });
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      lines.close();
      // Nothing else is expected on stdout, but a full pipe would stall the child: keep draining.
      child.stdout.resume();
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
        stop: (graceMs = 3000) => stopChild(graceMs),
      });
    });
  });
}

async function stop(
  child: EmulatorChild,
  gone: () => boolean,
  exited: Promise<void>,
  graceMs: number,
): Promise<void> {
  if (gone()) return;
  child.terminate();
  const timer = setTimeout(() => child.kill(), graceMs);
  // A quitting app must not wait for the grace period just because this timer is pending.
  timer.unref();
  await exited;
  clearTimeout(timer);
}
