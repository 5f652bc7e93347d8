/**
 * The harness's end of a main side running in a child process: requests go
 * out and answers come back by id; events, log lines, secret changes and file
 * dialogs come in. While no child runs, a request fails the way a dead main
 * process fails in Electron: the invoke itself rejects.
 */
import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connection } from '../../main/profiles/connection-fields.ts';
import type { IpcResult } from '../../shared/ipc/errors.ts';
import type { ChildStart, FromChild, ToChild } from './main-child-protocol.ts';
import type { HarnessFileDialogs } from './scripted-file-dialogs.ts';

const childScript = join(dirname(fileURLToPath(import.meta.url)), 'main-child.ts');

export interface MainChildHooks {
  onEvent(name: string, payload: unknown): void;
  onLog(line: string): void;
  onSecrets(profile: string, secrets: Connection | null): void;
  dialogs: HarnessFileDialogs | undefined;
}

export interface MainChild {
  dispatch(channel: unknown, payload: unknown): Promise<IpcResult<unknown>>;
  /** SIGKILL: the child gets no chance to flush or clean up anything. */
  kill(): Promise<void>;
  /** A clean stop: services disposed, then the child leaves. */
  dispose(): Promise<void>;
}

export class MainProcessGone extends Error {
  constructor() {
    super('The main side is not running (killed by the test).');
  }
}

export async function startMainChild(
  start: Omit<ChildStart, 'type'>,
  hooks: MainChildHooks,
): Promise<MainChild> {
  const child = fork(childScript, [], {
    // Not the test runner's flags: the child is a plain Node running TypeScript by type stripping.
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pending = new Map<number, { resolve(result: IpcResult<unknown>): void; reject(e: Error): void }>();
  let nextId = 1;
  let alive = true;

  const post = (message: ToChild): void => {
    if (alive && child.connected) child.send(message);
  };

  void exited.then(() => {
    alive = false;
    for (const waiting of pending.values()) waiting.reject(new MainProcessGone());
    pending.clear();
  });

  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code, signal) =>
      reject(new Error(`main child ended before it was ready (code ${code}, signal ${signal})`)),
    );
    child.on('message', (message: FromChild) => {
      handle(message, pending, hooks, post);
      if (message.type === 'ready') resolve();
    });
  });
  post({ type: 'start', ...start });
  await ready;

  return {
    dispatch(channel, payload) {
      if (!alive) return Promise.reject(new MainProcessGone());
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        post({ type: 'request', id, channel, payload });
      });
    },
    async kill() {
      if (alive) child.kill('SIGKILL');
      await exited;
    },
    async dispose() {
      post({ type: 'dispose' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function handle(
  message: FromChild,
  pending: Map<number, { resolve(result: IpcResult<unknown>): void }>,
  hooks: MainChildHooks,
  post: (message: ToChild) => void,
): void {
  switch (message.type) {
    case 'response':
      pending.get(message.id)?.resolve(message.result);
      pending.delete(message.id);
      break;
    case 'event':
      hooks.onEvent(message.name, message.payload);
      break;
    case 'log':
      hooks.onLog(message.line);
      break;
    case 'secrets':
      hooks.onSecrets(message.profile, message.secrets);
      break;
    case 'dialog': {
      const dialogs = hooks.dialogs;
      const answer =
        message.kind === 'open'
          ? dialogs?.chooseBpmnToOpen()
          : dialogs?.chooseSaveLocation(message.suggestedName ?? 'diagram', message.format ?? 'bpmn');
      void (answer ?? Promise.resolve(null)).then((path) =>
        post({ type: 'dialogAnswer', id: message.id, answer: path }),
      );
      break;
    }
    case 'ready':
      break;
  }
}
