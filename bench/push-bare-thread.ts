/** bareUpload in a worker thread (push-worker.ts starts it): the baseline for a push that runs in a worker. */
import { parentPort, workerData } from 'node:worker_threads';
import { bareUpload, type PoolConfig } from './push-bare.ts';

const { file, config } = workerData as { file: string; config: PoolConfig };
parentPort!.postMessage(await bareUpload(file, config));
