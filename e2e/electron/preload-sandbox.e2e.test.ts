/**
 * The built preload (dist/main/preload.cjs) run as Electron runs it in a
 * sandboxed renderer: a fresh V8 context (node:vm) with no Node globals, whose
 * `require` gives out 'electron' and nothing else. Its electron is a stand-in
 * typed by electron.d.ts (contextBridge, ipcRenderer, webUtils). What the page
 * gets is `window.lanes` with invoke/on and nothing more; dropped files and
 * the page's errors reach main on their own channels.
 * Needs `npm run build` (npm test builds before the e2e run).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { droppedFilesChannel } from '../../main/electron/dropped-files.ts';
import { rendererErrorChannel, RENDERER_REPORTS_PER_PAGE } from '../../main/log/renderer-report.ts';
import type { LanesApi } from '../../shared/ipc/lanes-api.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const preload = join(root, 'dist', 'main', 'preload.cjs');
const skip = existsSync(preload) ? false : `preload test skipped: ${preload} is not built (npm run build)`;

type Surface<T, K extends keyof T> = Pick<T, K>;
type Listener = (event: unknown, ...args: unknown[]) => void;
interface PageEvent {
  type: string;
  defaultPrevented?: boolean;
  preventDefault?: () => void;
  [key: string]: unknown;
}

/** The renderer's side of Electron for one sandboxed page, recording what the preload does. */
function sandboxedPage() {
  const exposed = new Map<string, unknown>();
  const invoked: { channel: string; args: unknown[] }[] = [];
  const sent: { channel: string; args: unknown[] }[] = [];
  const listeners = new Map<string, Listener[]>();
  const pageListeners = new Map<string, ((event: PageEvent) => void)[]>();
  const required: string[] = [];

  const contextBridge: Surface<Electron.ContextBridge, 'exposeInMainWorld'> = {
    exposeInMainWorld(apiKey, api) {
      assert.ok(!exposed.has(apiKey), `${apiKey} exposed twice`);
      exposed.set(apiKey, api);
    },
  };
  const ipcRenderer: Surface<Electron.IpcRenderer, 'invoke' | 'on' | 'removeListener' | 'send'> = {
    async invoke(channel, ...args) {
      invoked.push({ channel, args });
      return { ok: true, value: { echoed: channel } };
    },
    on(channel, listener) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener as Listener]);
      return ipcRenderer as Electron.IpcRenderer;
    },
    removeListener(channel, listener) {
      listeners.set(
        channel,
        (listeners.get(channel) ?? []).filter((entry) => entry !== listener),
      );
      return ipcRenderer as Electron.IpcRenderer;
    },
    send(channel, ...args) {
      sent.push({ channel, args });
    },
  };
  const webUtils: Surface<Electron.WebUtils, 'getPathForFile'> = {
    // A File from the desktop has a path; one a script built has none ("").
    getPathForFile: (file) => (file as unknown as { path?: string }).path ?? '',
  };
  const electron = { contextBridge, ipcRenderer, webUtils };

  const sandboxRequire = (name: string): unknown => {
    required.push(name);
    if (name === 'electron') return electron;
    throw new Error(`module not found: ${name} (a sandboxed preload may require only 'electron')`);
  };
  const context = createContext({
    require: sandboxRequire,
    addEventListener(type: string, listener: (event: PageEvent) => void) {
      pageListeners.set(type, [...(pageListeners.get(type) ?? []), listener]);
    },
  });
  const module = { exports: {} };
  const source = readFileSync(preload, 'utf8');
  const wrapper = runInContext(
    `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
    context,
    {
      filename: preload,
    },
  ) as (...args: unknown[]) => void;
  wrapper(module.exports, sandboxRequire, module, preload, dirname(preload));

  const dispatch = (event: PageEvent): PageEvent => {
    event.defaultPrevented = false;
    event.preventDefault = () => (event.defaultPrevented = true);
    for (const listener of pageListeners.get(event.type) ?? []) listener(event);
    return event;
  };
  const emitFromMain = (channel: string, payload: unknown): void => {
    for (const listener of listeners.get(channel) ?? []) listener({ sender: 'ipc' }, payload);
  };
  return { exposed, invoked, sent, listeners, required, context, dispatch, emitFromMain };
}

test(
  'in a sandboxed context the preload requires only electron and exposes window.lanes with invoke and on, nothing else',
  { skip },
  async () => {
    const page = sandboxedPage();
    assert.deepEqual([...new Set(page.required)], ['electron']);
    assert.deepEqual([...page.exposed.keys()], ['lanes']);
    const lanes = page.exposed.get('lanes') as LanesApi;
    assert.deepEqual(Object.keys(lanes).sort(), ['invoke', 'on']);
    assert.ok(Object.isFrozen(lanes), 'the page cannot swap the methods');
    assert.equal(runInContext('typeof process', page.context), 'undefined', 'no Node in the page');

    assert.deepEqual(await lanes.invoke('app.info', {}), { ok: true, value: { echoed: 'lanes:app.info' } });
    assert.deepEqual(page.invoked, [{ channel: 'lanes:app.info', args: [{}] }]);
    const probe = await lanes.invoke('not.a.channel' as 'app.info', {});
    assert.equal(probe.ok, false);
    assert.equal(page.invoked.length, 1, 'an unknown channel never reaches ipcRenderer');

    const received: unknown[] = [];
    const stop = lanes.on('menu.command', (payload) => received.push(payload));
    page.emitFromMain('lanes-event:menu.command', { command: 'save' });
    assert.deepEqual(
      received,
      [{ command: 'save' }],
      'the listener gets the payload, never the Electron event',
    );
    stop();
    page.emitFromMain('lanes-event:menu.command', { command: 'save' });
    assert.equal(received.length, 1, 'unsubscribed');
    assert.throws(() => lanes.on('not.an.event' as 'menu.command', () => {}), /Unknown event channel/);
  },
);

test(
  'dropped .bpmn files go to main by their paths, on the preload’s own channel; other files and made-up ones do not',
  { skip },
  () => {
    const page = sandboxedPage();
    const files = [
      { name: 'Order to cash.bpmn', path: '/home/u/Order to cash.bpmn' },
      { name: 'notes.txt', path: '/home/u/notes.txt' },
      { name: 'forged.bpmn' },
    ];
    const drop = page.dispatch({ type: 'drop', dataTransfer: { files, types: ['Files'] } });
    assert.equal(drop.defaultPrevented, true, 'the window does not navigate to the file');
    assert.deepEqual(JSON.parse(JSON.stringify(page.sent)), [
      { channel: droppedFilesChannel, args: [['/home/u/Order to cash.bpmn']] },
    ]);
    const text = page.dispatch({ type: 'drop', dataTransfer: { files: [], types: ['text/plain'] } });
    assert.equal(text.defaultPrevented, false, 'a text drop is the page’s own business');
  },
);

test(
  'the page’s uncaught errors and unhandled rejections go to main’s log, bounded per page',
  { skip },
  () => {
    const page = sandboxedPage();
    const error = new Error('boom');
    page.dispatch({
      type: 'error',
      message: 'Uncaught Error: boom',
      filename: 'lanes://app/app.js',
      lineno: 4,
      colno: 2,
      error,
    });
    page.dispatch({ type: 'unhandledrejection', reason: new TypeError('no such thing') });
    page.dispatch({ type: 'unhandledrejection', reason: 'plain string' });
    // Objects made inside the context have its prototypes: compare their data.
    assert.deepEqual(JSON.parse(JSON.stringify(page.sent[0])), {
      channel: rendererErrorChannel,
      args: [
        {
          kind: 'error',
          message: 'Uncaught Error: boom',
          source: 'lanes://app/app.js',
          line: 4,
          column: 2,
          stack: error.stack,
        },
      ],
    });
    assert.equal((page.sent[1]!.args[0] as { message: string }).message, 'no such thing');
    assert.match((page.sent[1]!.args[0] as { stack: string }).stack, /TypeError: no such thing/);
    assert.equal((page.sent[2]!.args[0] as { message: string }).message, 'plain string');
    for (let index = 0; index < RENDERER_REPORTS_PER_PAGE * 2; index++)
      page.dispatch({ type: 'error', message: `loop ${index}` });
    assert.equal(
      page.sent.length,
      RENDERER_REPORTS_PER_PAGE,
      'a page that throws in a loop cannot flood main',
    );
  },
);
