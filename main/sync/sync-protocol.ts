import type { LanesErrorData } from '../../shared/ipc/errors.ts';
import type { ProcessConnection } from '../api/process/process-requester.ts';
import type { PinRun, PrefetchProgress } from './prefetch.ts';
import type { PullResult } from './pull.ts';
import type { ViewRefresh } from './refresh.ts';

/**
 * The messages between the serving thread and the sync worker. Plain data
 * only (structured clone): the worker builds its own clients and its own
 * connection to the same WAL database.
 */
export interface SyncWorkerSetup {
  dbFile: string;
  /** The schema version the serving thread opened (and migrated) the file to; the worker checks it finds the same. */
  schemaVersion: number;
  connection: ProcessConnection;
  /** Proxy variables for the worker's dispatcher. */
  env: Record<string, string | undefined>;
  /**
   * The system proxy's answer (PAC notation) per origin, resolved by the thread
   * that has Electron: a worker thread cannot ask session.resolveProxy itself.
   */
  proxyAnswers?: Record<string, string>;
  task: SyncTask;
}

type SyncTask =
  | { kind: 'pull'; culture: number; concurrency?: number }
  | { kind: 'pin'; pinId: number; culture: number; concurrency?: number }
  | { kind: 'refresh'; views: { facet: string; view: string }[]; culture: number; concurrency?: number };

/** Serving thread → worker. */
export type SyncCommand = { type: 'cancel' };

/** Worker → serving thread. */
export type SyncEvent =
  | { type: 'progress'; progress: PrefetchProgress }
  | { type: 'done'; result: PullResult | PinRun | ViewRefresh[] }
  | { type: 'error'; error: LanesErrorData };
