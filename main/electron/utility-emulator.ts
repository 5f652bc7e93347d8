import { utilityProcess } from 'electron';
import type { EmulatorStarter } from '../demo/emulator-process.ts';

/**
 * Runs the bundled emulator in Electron's utility process: a Node environment
 * Chromium starts and owns, so the app needs neither a second runtime nor the
 * RunAsNode fuse (off in packaged builds, build/electron-builder.yml). The
 * utility process ends when Lanes quits, and when Lanes crashes or is killed,
 * because it exits as soon as its IPC channel to the main process closes; that
 * is the lifeline stdin gives the Node child process in tests. --exit-with-parent
 * is a second one that does not depend on Chromium.
 */
export function utilityProcessEmulator(script: string): EmulatorStarter {
  return (args) => {
    // Belt and braces: should Chromium not end it with a crashed main, it notices the missing parent itself.
    const child = utilityProcess.fork(script, [...args, '--exit-with-parent', String(process.pid)], {
      stdio: 'pipe',
      serviceName: 'Lanes demo emulator',
    });
    const ended = new Promise<{ how: string; startError?: Error }>((resolve) => {
      // 'error' is a fatal V8 error in the child; 'exit' follows it too, the first one wins.
      child.once('error', (type, location) =>
        resolve({ how: `the emulator failed (${type} at ${location})`, startError: new Error(type) }),
      );
      child.once('exit', (code) => resolve({ how: `exit code ${code}` }));
    });
    // stdio 'pipe' gives both streams; Electron types them as optional for the other stdio modes.
    if (!child.stdout || !child.stderr) throw new Error('the utility process has no output pipes');
    return {
      get pid() {
        return child.pid;
      },
      stdout: child.stdout,
      stderr: child.stderr,
      ended,
      terminate: () => void child.kill(),
      kill: () => {
        if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
      },
    };
  };
}
