/**
 * The built main bundle (dist/main/index.cjs) booted in Node against the
 * stand-in `electron` module (e2e/electron/stand-in/, typed by electron.d.ts):
 * the proof of the Electron path on a machine without the Electron binary.
 * One boot, walked through in order: what happens before and after `ready`,
 * the window's security settings, every asset and lazy chunk served through
 * lanes:// with the CSP, every IPC handler from a trusted and from untrusted
 * frames, files the OS named before ready, the demo tenant's emulator as a
 * real child process with Electron's argument layout reached through the
 * system proxy, renderer crashes and errors in the log, Help › Show Log, and
 * quit → "Stay" keeping the database usable, then a real quit.
 * Needs `npm run build` (npm test builds before the e2e run).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EventEmitter, once } from 'node:events';
import { RENDERER_CSP } from '../../main/security/csp.ts';
import { electronRequestChannel, requestChannelNames } from '../../shared/ipc/channels.ts';
import { rendererErrorChannel } from '../../main/log/renderer-report.ts';
import { oneTaskDiagram } from '../harness/one-task-diagram.ts';
import { startLoopbackProxy, type LoopbackProxy } from '../harness/connect-proxy.ts';
import { StandInBrowserWindow, StandInElectron, type SenderFrame } from './stand-in/electron-stand-in.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bundle = join(root, 'dist', 'main', 'index.cjs');
const rendererDir = join(root, 'dist', 'renderer');
const skip = existsSync(bundle) ? false : `boot test skipped: ${bundle} is not built (npm run build)`;

type Result = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };

let dataDir: string;
let proxy: LoopbackProxy;
let electron: StandInElectron;
const files: Record<'argv' | 'openFile' | 'secondInstance', string> = {
  argv: '',
  openFile: '',
  secondInstance: '',
};
const APP_FRAME: SenderFrame = { url: 'lanes://app/index.html#/welcome', isMainFrame: true };

async function waitFor<T>(what: string, probe: () => T | undefined | false, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const window = (): StandInBrowserWindow => StandInBrowserWindow.all[0]!;
const invoke = (
  channel: (typeof requestChannelNames)[number],
  payload: unknown,
  frame = APP_FRAME,
): Promise<Result> => electron.invoke(electronRequestChannel(channel), payload, frame) as Promise<Result>;
const logText = (): string => readFileSync(join(dataDir, 'logs', 'main.log'), 'utf8');

before(async () => {
  if (skip) return;
  dataDir = mkdtempSync(join(tmpdir(), 'lanes boot '));
  proxy = await startLoopbackProxy();
  for (const name of Object.keys(files) as (keyof typeof files)[]) {
    files[name] = join(dataDir, `from ${name}.bpmn`);
    writeFileSync(files[name], oneTaskDiagram(`Task_${name}`));
  }
  // Every request to the demo tenant goes through the proxy "the system" names (PAC notation).
  electron = new StandInElectron({ resolveProxy: () => `PROXY ${proxy.hostPort}; DIRECT` });
  electron.install(bundle);
  process.env.LANES_HOME = dataDir;
  // Electron's main-process argv: the executable, the app folder, then the user's arguments (%U: a file URI).
  process.argv = ['/opt/Lanes/lanes', root, '--demo', pathToFileURL(files.argv).href];
  createRequire(import.meta.url)(bundle);
});

after(async () => {
  if (skip) return;
  electron.endChildren();
  await proxy.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test(
  'before ready: the single-instance lock, the app scheme registered as privileged; nothing that needs ready',
  { skip },
  () => {
    assert.ok(electron.app.lockHeld);
    const registered = electron.calls.find((call) => call.name === 'protocol.registerSchemesAsPrivileged');
    assert.ok(registered && !registered.ready, 'schemes are registered before ready');
    assert.deepEqual(
      electron.privilegedSchemes.map((scheme) => [
        scheme.scheme,
        scheme.privileges?.standard,
        scheme.privileges?.secure,
      ]),
      [['lanes', true, true]],
    );
    assert.ok(
      !electron.calls.some((call) => call.name === 'protocol.handle'),
      'no protocol handled before ready',
    );
    assert.ok(!electron.calls.some((call) => call.name === 'new BrowserWindow'));
    assert.equal(
      electron.calls.some((call) => call.name === 'app.setAppUserModelId'),
      process.platform === 'win32',
      'the AppUserModelID is set on Windows only',
    );
  },
);

test(
  'files the OS names before ready (open-file, a second instance, a file:// argument) wait and then open',
  { skip },
  async () => {
    const openFile = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    electron.app.emit('open-file', openFile, files.openFile);
    assert.ok(openFile.defaultPrevented, 'open-file is taken (macOS would otherwise not hand it over)');
    electron.app.emit(
      'second-instance',
      {},
      ['/opt/Lanes/lanes', pathToFileURL(files.secondInstance).href],
      dataDir,
      {},
    );
    electron.app.fireReady();
    await waitFor('the window', () => StandInBrowserWindow.all.length === 1 && window().webContents.url);
    const taken = await invoke('files.takeOsOpens', {});
    assert.ok(taken.ok, JSON.stringify(taken));
    assert.deepEqual([...(taken.value as { paths: string[] }).paths].sort(), Object.values(files).sort());
  },
);

test(
  'after ready: protocol handled, the system proxy asked, the window isolated and sandboxed, navigation and pop-ups denied',
  { skip },
  async () => {
    const handled = electron.calls.find((call) => call.name === 'protocol.handle');
    assert.ok(handled?.ready, 'the protocol is handled after ready');
    const order = electron.calls.map((call) => call.name);
    assert.ok(order.indexOf('protocol.registerSchemesAsPrivileged') < order.indexOf('app.whenReady'));
    assert.ok(order.indexOf('protocol.handle') < order.indexOf('new BrowserWindow'));
    const preferences = window().options.webPreferences!;
    assert.equal(preferences.contextIsolation, true);
    assert.equal(preferences.sandbox, true);
    assert.equal(preferences.nodeIntegration, false);
    assert.equal(preferences.webviewTag, false);
    assert.equal(preferences.preload, join(root, 'dist', 'main', 'preload.cjs'));
    assert.ok(existsSync(preferences.preload!), 'the preload the window names is built');
    assert.equal(window().webContents.url, 'lanes://app/index.html');
    await waitFor('the window shown', () => window().shown);
    assert.deepEqual(
      window().webContents.windowOpenHandler?.({ url: 'https://example.com/' } as Electron.HandlerDetails),
      { action: 'deny' },
    );
    const navigate = (url: string): boolean => {
      let prevented = false;
      window().webContents.emit('will-navigate', { preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    assert.equal(navigate('lanes://app/index.html'), false, 'the app entry itself may load');
    for (const url of ['file:///index.html', 'https://example.com/index.html', 'lanes://evil/index.html'])
      assert.equal(navigate(url), true, `${url} is refused`);
    assert.equal(await electron.askPermission('media'), false, 'permissions are denied');
  },
);

function rendererFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(join(dir, file)).isFile())
    .map((file) => file.split(sep).join('/'));
}

test(
  'every asset and lazy chunk of dist/renderer is served through lanes:// with the CSP; nothing else is',
  { skip },
  async () => {
    // esbuild's legal notices (*.LEGAL.txt) lie beside the bundles for the package; the page never loads them.
    const all = rendererFiles(rendererDir).filter((file) => !file.endsWith('.LEGAL.txt'));
    assert.ok(
      all.some((file) => file.startsWith('assets/')),
      'the fonts and images are among them',
    );
    assert.ok(
      all.some((file) => file.startsWith('chunks/')),
      'the lazy chunks are among them',
    );
    for (const file of all) {
      const response = await electron.fetchThroughProtocol(`lanes://app/${file}`);
      assert.equal(response.status, 200, file);
      assert.equal(response.headers.get('content-security-policy'), RENDERER_CSP, file);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', file);
      const body = Buffer.from(await response.arrayBuffer());
      assert.ok(body.equals(readFileSync(join(rendererDir, file))), `${file} is served as built`);
    }
    for (const url of [
      'lanes://app/../main/index.cjs',
      'lanes://app/%2e%2e/main/index.cjs',
      'lanes://app/%2e%2e%2fmain%2findex.cjs',
      'lanes://other/index.html',
      'lanes://app/no-such-file.js',
    ]) {
      const response = await electron.fetchThroughProtocol(url);
      assert.notEqual(response.status, 200, `${url} must not be served`);
    }
  },
);

test(
  'every IPC handler answers the app window and refuses subframes, other origins and other web contents',
  { skip },
  async () => {
    const untrusted: SenderFrame[] = [
      { url: 'https://evil.example/index.html', isMainFrame: true },
      { url: 'file:///index.html', isMainFrame: true },
      { url: 'lanes://app/index.html', isMainFrame: false },
      { url: 'lanes://app/index.html', isMainFrame: true, contents: new EventEmitter() },
    ];
    for (const channel of requestChannelNames)
      assert.ok(electron.invokeHandlers.has(electronRequestChannel(channel)), `${channel} has a handler`);
    const registered = [...electron.invokeHandlers.keys()];
    assert.equal(registered.length, requestChannelNames.length, 'one handler per contract channel, no more');
    for (const name of registered) {
      for (const frame of untrusted) {
        const refused = (await electron.invoke(name, {}, frame)) as Result;
        assert.ok(
          !refused.ok && refused.error.code === 'ipc.forbiddenSender',
          `${name} from ${frame.url} (${frame.isMainFrame ? 'main frame' : 'subframe'})`,
        );
      }
      // From the app window the request reaches the contract: a payload that is no request is refused there.
      const checked = (await electron.invoke(name, 'not a request', APP_FRAME)) as Result;
      assert.ok(
        !checked.ok && checked.error.code === 'ipc.invalidRequest',
        `${name}: ${JSON.stringify(checked)}`,
      );
    }
    const info = await invoke('app.info', {});
    assert.ok(info.ok);
    assert.equal((info.value as { transport: string }).transport, 'electron');
  },
);

test(
  '--demo: the emulator runs as a real utility process with Electron’s arguments, and the landscape comes through the system proxy',
  { skip },
  async () => {
    const fork = electron.calls.find((call) => call.name === 'utilityProcess.fork');
    assert.ok(fork?.ready, 'forked after ready');
    const [modulePath, args] = fork.args as [string, string[]];
    assert.equal(modulePath, join(root, 'dist', 'emulator', 'cli.mjs'));
    assert.deepEqual(args.slice(-2), ['--exit-with-parent', String(process.pid)]);
    const child = electron.forks[0]!;
    assert.ok(child.pid, 'the emulator is running');
    const facets = await invoke('workspace.facets', {});
    assert.ok(facets.ok, JSON.stringify(facets));
    assert.ok((facets.value as { items: unknown[] }).items.length > 0);
    assert.ok(
      electron.calls.some((call) => call.name === 'session.resolveProxy'),
      'the system proxy was asked',
    );
    assert.ok(
      proxy.seen.some((line) => line.startsWith('CONNECT 127.0.0.1:')),
      `through the proxy: ${proxy.seen.join(', ')}`,
    );
  },
);

test(
  'renderer errors, console.error, a crashed renderer (offered a reload) and a dead child process reach the log',
  { skip },
  async () => {
    electron.send(
      rendererErrorChannel,
      {
        kind: 'error',
        message: 'boom in the page',
        source: 'lanes://app/app.js',
        line: 3,
        column: 9,
        stack: 'Error: boom in the page\n    at lanes://app/app.js:3:9',
      },
      APP_FRAME,
    );
    electron.send(
      rendererErrorChannel,
      { kind: 'unhandledrejection', message: 'rejected in the page' },
      APP_FRAME,
    );
    electron.send(
      rendererErrorChannel,
      { kind: 'error', message: 'forged by a subframe' },
      { url: 'lanes://app/index.html', isMainFrame: false },
    );
    window().webContents.emit('console-message', {
      level: 'error',
      message: 'console said no',
      lineNumber: 12,
      sourceId: 'lanes://app/app.js',
    });
    electron.script.messageBoxAnswers = [0];
    window().webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    await waitFor('the reload', () => window().webContents.reloads === 1);
    electron.app.emit('child-process-gone', {}, { type: 'GPU', reason: 'oom', exitCode: 9 });
    const log = logText();
    assert.match(
      log,
      /ERROR \[main\] renderer uncaught error: boom in the page at lanes:\/\/app\/app\.js:3:9\nError: boom/,
    );
    assert.match(log, /renderer unhandled rejection: rejected in the page/);
    assert.doesNotMatch(log, /forged by a subframe/);
    assert.match(log, /renderer console\.error: console said no \(lanes:\/\/app\/app\.js:12\)/);
    assert.match(log, /the window's renderer is gone: crashed, exit code 139/);
    assert.match(log, /child process GPU \(GPU\) is gone: oom, exit code 9/);
    const offer = electron.messageBoxes.at(-1)!;
    assert.equal(offer.buttons?.[0], 'Reload');
    assert.match(offer.detail ?? '', /recovery/);
    assert.ok(offer.detail?.includes(join(dataDir, 'logs', 'main.log')), 'the log is named');
  },
);

test('Help › Show Log opens the log file', { skip }, () => {
  type Item = { id?: string; click?: () => void; submenu?: Item[] };
  const find = (items: Item[]): Item | undefined => {
    for (const item of items) {
      if (item.id === 'showLog') return item;
      const inner = item.submenu && find(item.submenu);
      if (inner) return inner;
    }
    return undefined;
  };
  const item = find(electron.applicationMenu!.template as Item[]);
  assert.ok(item?.click, 'Help › Show Log exists');
  item.click();
  assert.deepEqual(electron.openedPaths, [join(dataDir, 'logs', 'main.log')]);
});

test('print: cancelling the system dialog is a cancel, not a failure', { skip }, async () => {
  // The stand-in's print answers as Electron does on Linux and Windows when the dialog is cancelled.
  const printed = await invoke('files.print', { pageSize: 'A4', landscape: false });
  assert.deepEqual(printed, { ok: true, value: { printed: false } });
});

test(
  'quit, then "Stay": the app keeps working on its database; quit, then "Leave": services disposed, emulator ended',
  { skip },
  async () => {
    window().webContents.blocksUnload = true;
    electron.script.messageBoxAnswers = [1]; // Stay
    electron.app.quit();
    assert.equal(StandInBrowserWindow.all.length, 1, 'the window stayed');
    assert.equal(electron.app.exitCode, undefined, 'the app did not quit');
    for (const channel of ['sync.status', 'editor.drafts', 'workspace.facets', 'workspace.pins'] as const) {
      const result = await invoke(channel, {});
      assert.ok(result.ok, `${channel} after "Stay": ${JSON.stringify(result)}`);
    }
    electron.script.messageBoxAnswers = [0]; // Leave
    const child = electron.forks[0]!;
    const ended = child.child.exitCode === null ? once(child.child, 'exit') : Promise.resolve();
    electron.app.quit();
    assert.equal(StandInBrowserWindow.all.length, 0);
    assert.equal(electron.app.exitCode, 0, 'quit completed');
    await ended;
    assert.match(logText(), /INFO \[main\] quitting/);
  },
);
