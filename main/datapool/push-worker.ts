/**
 * Worker-thread entry of the data pool: reads a chosen file for its preview,
 * or runs one push (read, chunk, upload, execute, follow) with its own HTTP
 * client, away from the thread that serves the window; progress goes back as
 * patches of the push's state, a cancel command stops it (its job is
 * cancelled on the service). A push starts this file once more as the thread
 * that reads and chunks the file while the push uploads: that thread loads
 * only the chunking code.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ChunkThreads, serveChunks } from '../api/datapush/chunk-thread.ts';
import type { PushWorkerSetup } from './push-protocol.ts';

const setup = workerData as PushWorkerSetup;
const port = parentPort!;
if (setup.task.kind === 'chunk') {
  await serveChunks(port);
  port.close();
} else {
  // A push's reading thread starts now, while the rest of this worker loads.
  const chunkThreads = new ChunkThreads(new URL(import.meta.url));
  if (setup.task.kind === 'push') chunkThreads.warm();
  const { servePushTask } = await import('./push-tasks.ts');
  try {
    await servePushTask(setup, port, chunkThreads);
  } finally {
    await chunkThreads.close();
  }
}
