/**
 * Worker-thread entry of the data pool: reads a chosen file for its preview,
 * or runs one push (read, chunk, upload, execute, follow) with its own HTTP
 * client, away from the thread that serves the window; progress goes back as
 * patches of the push's state, a cancel command stops it (its job is
 * cancelled on the service). The push reads and chunks the file in this same
 * thread, back to the event loop after each read so that the upload goes on
 * (csv-chunks.ts, push-flow.ts): a second thread cost an isolate's memory and
 * bought no time (the scan is about four times faster than the wire). Each
 * task loads only its own code
 * (the file preview, or the HTTP client and the push), so a push carries no
 * workbook reader unless it pushes a workbook.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { PushProgress } from '../../shared/domain/datapool.ts';
import type { PushCommand, PushEvent, PushTask, PushWorkerSetup } from './push-protocol.ts';

const setup = workerData as PushWorkerSetup;
const port = parentPort!;
const post = (event: PushEvent): void => port.postMessage(event);
const controller = new AbortController();
port.on('message', (command: PushCommand) => {
  if (command.type === 'cancel') controller.abort();
});

try {
  const task = setup.task;
  if (task.kind === 'inspect') {
    const { inspectFile } = await import('./file-inspect.ts');
    post({ type: 'done', result: await inspectFile(task.path, task.name, task.format) });
  } else {
    await push(task);
    post({ type: 'done', result: null });
  }
} catch (error) {
  post({ type: 'error', error: LanesError.dataOf(error) });
} finally {
  port.close();
}

async function push(task: Extract<PushTask, { kind: 'push' }>): Promise<void> {
  const [
    { createDispatcher },
    { fixedProxyResolver },
    { HttpClient },
    { DataPushClient },
    { createLogger },
    { runPush },
  ] = await Promise.all([
    import('../api/http/dispatcher.ts'),
    import('../api/http/system-proxy.ts'),
    import('../api/http/http-client.ts'),
    import('../api/datapush/datapush-client.ts'),
    import('../log/logger.ts'),
    import('./push-run.ts'),
  ]);
  // Problems reach the serving thread as the push's own outcome; routine lines have nowhere useful to go.
  const logger = createLogger('push-worker', () => {});
  const dispatcher = createDispatcher(
    setup.env,
    setup.proxyAnswers ? fixedProxyResolver(setup.proxyAnswers) : undefined,
  );
  try {
    let state = { totalBytes: task.spec.file.bytes } as PushProgress;
    const update = (patch: Partial<PushProgress>): void => {
      state = { ...state, ...patch };
      post({ type: 'update', patch });
    };
    const http = new HttpClient({
      dispatcher,
      onWait: (notice) => {
        if (notice.reason === 'rateLimited') update({ phase: 'rateLimited', waitMs: notice.waitMs });
      },
    });
    const client = new DataPushClient(http, task.connection);
    // The first step the worker itself takes: benchmarks time the push from here.
    update({ phase: 'creating' });
    await runPush(client, task.spec, controller.signal, update, () => state, logger, task.tempDir);
  } finally {
    await dispatcher.close();
  }
}
