/**
 * What the push worker does besides chunking: read a chosen file for its
 * preview, or run one push with its own HTTP client (push-worker.ts loads
 * this only for those, so a chunking thread starts light).
 */
import type { MessagePort } from 'node:worker_threads';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { PushProgress } from '../../shared/domain/datapool.ts';
import { createDispatcher } from '../api/http/dispatcher.ts';
import { fixedProxyResolver } from '../api/http/system-proxy.ts';
import { HttpClient, type WaitNotice } from '../api/http/http-client.ts';
import { DataPushClient } from '../api/datapush/datapush-client.ts';
import type { ChunkThreads } from '../api/datapush/chunk-thread.ts';
import { createLogger } from '../log/logger.ts';
import { inspectFile } from './file-inspect.ts';
import { runPush } from './push-run.ts';
import type { PushCommand, PushEvent, PushWorkerSetup } from './push-protocol.ts';

export async function servePushTask(
  setup: PushWorkerSetup,
  port: MessagePort,
  chunkThreads: ChunkThreads,
): Promise<void> {
  const post = (event: PushEvent): void => port.postMessage(event);
  const controller = new AbortController();
  port.on('message', (command: PushCommand) => {
    if (command.type === 'cancel') controller.abort();
  });

  // Problems reach the serving thread as the push's own outcome; routine lines have nowhere useful to go.
  const logger = createLogger('push-worker', () => {});
  const dispatcher = createDispatcher(
    setup.env,
    setup.proxyAnswers ? fixedProxyResolver(setup.proxyAnswers) : undefined,
  );
  try {
    const task = setup.task;
    if (task.kind === 'chunk') return;
    if (task.kind === 'inspect') {
      post({ type: 'done', result: await inspectFile(task.path, task.name, task.format) });
    } else {
      // The file is read and chunked by a thread of its own (started ahead) while this one uploads.
      const chunker = chunkThreads.chunker;
      let state = { totalBytes: task.spec.file.bytes } as PushProgress;
      const update = (patch: Partial<PushProgress>): void => {
        state = { ...state, ...patch };
        post({ type: 'update', patch });
      };
      const http = new HttpClient({
        dispatcher,
        onWait: (notice: WaitNotice) => {
          if (notice.reason === 'rateLimited') update({ phase: 'rateLimited', waitMs: notice.waitMs });
        },
      });
      const client = new DataPushClient(http, task.connection);
      // The first step the worker itself takes: benchmarks time the push from here.
      update({ phase: 'creating' });
      await runPush(client, task.spec, controller.signal, update, () => state, logger, task.tempDir, chunker);
      post({ type: 'done', result: null });
    }
  } catch (error) {
    post({ type: 'error', error: LanesError.dataOf(error) });
  } finally {
    await dispatcher.close();
    port.close();
  }
}
