/** bareUpload or bareStreamingUpload in a worker thread (push-bare.ts starts it): the baselines for a push that runs in a worker. */
import { parentPort, workerData } from 'node:worker_threads';
import { bareStreamingUpload, bareUpload, type PoolConfig } from './push-bare.ts';

const { file, config, streaming } = workerData as { file: string; config: PoolConfig; streaming: boolean };
parentPort!.postMessage(await (streaming ? bareStreamingUpload : bareUpload)(file, config));
