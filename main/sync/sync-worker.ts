/**
 * Worker-thread entry: runs one pull or prefetch away from the thread that
 * serves the UI, on its own database connection (WAL lets the serving
 * thread keep reading meanwhile) and its own HTTP clients.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { LanesError } from '../../shared/ipc/errors.ts';
import { createDispatcher } from '../api/http/dispatcher.ts';
import { fixedProxyResolver } from '../api/http/system-proxy.ts';
import { CacheStore } from '../cache/cache-store.ts';
import { openConnection } from '../cache/database.ts';
import { runPin, type PrefetchProgress } from './prefetch.ts';
import { pullPins } from './pull.ts';
import { refreshView, type ViewRefresh } from './refresh.ts';
import { createSyncClients } from '../api/sync-clients.ts';
import type { SyncCommand, SyncEvent, SyncWorkerSetup } from './sync-protocol.ts';

const setup = workerData as SyncWorkerSetup;
const port = parentPort!;
const post = (event: SyncEvent): void => port.postMessage(event);
const controller = new AbortController();
port.on('message', (command: SyncCommand) => {
  if (command.type === 'cancel') controller.abort();
});

const dispatcher = createDispatcher(
  setup.env,
  setup.proxyAnswers ? fixedProxyResolver(setup.proxyAnswers) : undefined,
);
// The serving thread opened (checked, migrated) the file; this is a second connection to it.
const db = openConnection(setup.dbFile, setup.schemaVersion);
try {
  const store = new CacheStore(db);
  const clients = createSyncClients(setup.connection, { dispatcher });
  const options = {
    culture: setup.task.culture,
    signal: controller.signal,
    onProgress: (progress: PrefetchProgress) => post({ type: 'progress', progress }),
    ...(setup.task.concurrency ? { concurrency: setup.task.concurrency } : {}),
  };
  const task = setup.task;
  let result;
  if (task.kind === 'pull') result = await pullPins(clients, store, options);
  else if (task.kind === 'pin') result = await runPin(clients, store, task.pinId, options);
  else {
    const views: ViewRefresh[] = [];
    for (const { facet, view } of task.views)
      views.push(await refreshView(clients, store, facet, view, options));
    result = views;
  }
  post({ type: 'done', result });
} catch (error) {
  post({ type: 'error', error: LanesError.dataOf(error) });
} finally {
  db.close();
  await dispatcher.close();
  port.close();
}
