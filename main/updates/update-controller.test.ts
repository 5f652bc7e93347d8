import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { UpdateStatus } from '../../shared/domain/updates.ts';
import { restartBlockersFor, UpdateController, type Updater } from './update-controller.ts';

const require = createRequire(import.meta.url);
// electron-updater's own generic provider and semver, as the packaged app uses them (untyped deep imports).
const { GenericProvider } = require('electron-updater/out/providers/GenericProvider.js') as {
  GenericProvider: new (
    configuration: { provider: 'generic'; url: string },
    updater: { channel: null; isAddNoCacheQuery: boolean },
    runtimeOptions: { executor: unknown; isUseMultipleRangeRequest: boolean; platform: NodeJS.Platform },
  ) => {
    getLatestVersion(): Promise<{ version: string; files: { url: string; sha512: string }[] }>;
    resolveFiles(info: unknown): { url: URL }[];
  };
};
const { NodeHttpExecutor } = require('builder-util/out/nodeHttpExecutor.js') as {
  NodeHttpExecutor: new () => unknown;
};
const semver = require('semver') as { gt(a: string, b: string): boolean };

/** The feed electron-builder writes next to the installers (latest.yml for Windows, latest-linux.yml, …). */
const feed = `version: 0.2.0
files:
  - url: Lanes-0.2.0-win-x64.exe
    sha512: c2hhNTEy
    size: 100
path: Lanes-0.2.0-win-x64.exe
sha512: c2hhNTEy
releaseDate: '2026-11-20T10:00:00.000Z'
`;
let server: Server;
let feedUrl: string;
const requested: string[] = [];

before(async () => {
  server = createServer((request, response) => {
    requested.push(request.url ?? '');
    if (request.url?.startsWith('/lanes/latest.yml')) response.end(feed);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/lanes/`;
});
after(() => server.close());

/**
 * A stand-in for electron-updater's AppUpdater that reads the real feed with
 * electron-updater's GenericProvider and emits what AppUpdater emits; the
 * download is driven by the test (`progress`, `downloaded`).
 */
class FeedUpdater extends EventEmitter implements Updater {
  installs = 0;
  readonly currentVersion: string;
  constructor(currentVersion: string) {
    super();
    this.currentVersion = currentVersion;
  }
  async checkForUpdates(): Promise<unknown> {
    const provider = new GenericProvider(
      { provider: 'generic', url: feedUrl },
      { channel: null, isAddNoCacheQuery: false },
      { executor: new NodeHttpExecutor(), isUseMultipleRangeRequest: false, platform: 'win32' },
    );
    const info = await provider.getLatestVersion();
    if (semver.gt(info.version, this.currentVersion)) this.emit('update-available', info);
    else this.emit('update-not-available', info);
    return info;
  }
  quitAndInstall(): void {
    this.installs += 1;
  }
}

function controllerWith(updater: Updater, syncRunning = false) {
  const statuses: UpdateStatus[] = [];
  const controller = new UpdateController({
    updater,
    emit: (status) => statuses.push(status),
    syncRunning: async () => syncRunning,
    log: () => {},
  });
  return { controller, statuses };
}

test("the generic feed is read over loopback with electron-updater's own provider", async () => {
  const provider = new GenericProvider(
    { provider: 'generic', url: feedUrl },
    { channel: null, isAddNoCacheQuery: false },
    { executor: new NodeHttpExecutor(), isUseMultipleRangeRequest: false, platform: 'win32' },
  );
  const info = await provider.getLatestVersion();
  assert.equal(info.version, '0.2.0');
  assert.equal(provider.resolveFiles(info)[0]!.url.href, `${feedUrl}Lanes-0.2.0-win-x64.exe`);
  assert.ok(requested.some((url) => url.startsWith('/lanes/latest.yml')));
});

test('a newer version in the feed downloads with progress and then waits for the user', async () => {
  const updater = new FeedUpdater('0.1.0');
  const { controller, statuses } = controllerWith(updater);
  await controller.check(false);
  updater.emit('download-progress', { percent: 41.6 });
  updater.emit('download-progress', { percent: 100 });
  updater.emit('update-downloaded', { version: '0.2.0' });
  assert.deepEqual(statuses, [
    { state: 'downloading', version: '0.2.0', percent: 0 },
    { state: 'downloading', version: '0.2.0', percent: 42 },
    { state: 'downloading', version: '0.2.0', percent: 100 },
    { state: 'ready', version: '0.2.0' },
  ]);
  assert.equal(updater.installs, 0, 'downloaded is not installed: the restart is the user’s choice');
  assert.deepEqual(await controller.restart({ unsavedWork: false }), { restarting: true, blockers: [] });
  assert.equal(updater.installs, 1);
});

test('the same version in the feed: the launch check stays quiet, a manual check says "up to date"', async () => {
  const updater = new FeedUpdater('0.2.0');
  const { controller, statuses } = controllerWith(updater);
  await controller.check(false);
  assert.deepEqual(statuses, []);
  await controller.check(true);
  assert.deepEqual(statuses, [{ state: 'checking' }, { state: 'upToDate' }]);
});

test('it never restarts while a tab has unsaved work or the outbox is being sent', async () => {
  for (const [unsavedWork, syncRunning, blockers] of [
    [true, false, ['unsavedWork']],
    [false, true, ['syncRunning']],
    [true, true, ['unsavedWork', 'syncRunning']],
  ] as const) {
    const updater = new FeedUpdater('0.1.0');
    const { controller } = controllerWith(updater, syncRunning);
    await controller.check(false);
    updater.emit('update-downloaded', { version: '0.2.0' });
    assert.deepEqual(await controller.restart({ unsavedWork }), {
      restarting: false,
      blockers: [...blockers],
    });
    assert.equal(updater.installs, 0);
  }
});

test('nothing to install before the download finished; a failure is reported, not thrown', async () => {
  const updater = new FeedUpdater('0.1.0');
  const { controller, statuses } = controllerWith(updater);
  assert.deepEqual(await controller.restart({ unsavedWork: false }), {
    restarting: false,
    blockers: ['notDownloaded'],
  });
  updater.emit('error', new Error('net::ERR_CONNECTION_RESET'));
  assert.deepEqual(statuses.at(-1), { state: 'failed', message: 'net::ERR_CONNECTION_RESET' });
  assert.equal(updater.installs, 0);
});

test('restartBlockersFor is empty only when downloaded, saved and not syncing', () => {
  assert.deepEqual(restartBlockersFor({ unsavedWork: false, syncRunning: false, downloaded: true }), []);
  assert.deepEqual(restartBlockersFor({ unsavedWork: false, syncRunning: false, downloaded: false }), [
    'notDownloaded',
  ]);
});
