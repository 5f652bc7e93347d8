/**
 * The messages between the serving thread and the push worker (plain data,
 * structured clone). The worker reads files (CSV sniffing, workbooks) and
 * runs pushes with its own HTTP client, so the thread that serves the window
 * only passes progress on.
 */
import type { LanesErrorData } from '../../shared/ipc/errors.ts';
import type { PushProgress } from '../../shared/domain/datapool.ts';
import type { TableFormat } from '../../shared/domain/table-format.ts';
import type { DataPushConnection } from '../api/datapush/datapush-client.ts';
import type { FilePreview } from './file-inspect.ts';
import type { PushSpec } from './push-run.ts';

export interface PushWorkerSetup {
  task: PushTask;
  /** Proxy variables for the worker's dispatcher. */
  env: Record<string, string | undefined>;
  /** The system proxy's route per origin, asked by the serving thread (a worker cannot ask Electron). */
  proxyAnswers?: Record<string, string>;
}

export type PushTask =
  | { kind: 'inspect'; path: string; name: string; format?: TableFormat | undefined }
  | {
      kind: 'push';
      spec: PushSpec;
      connection: DataPushConnection;
      /** Where a workbook's sheet is written as CSV while it is pushed. */
      tempDir: string;
    };

/** Serving thread → worker. */
export type PushCommand = { type: 'cancel' };

/** Worker → serving thread. */
export type PushEvent =
  | { type: 'update'; patch: Partial<PushProgress> }
  | { type: 'done'; result: FilePreview | null }
  | { type: 'error'; error: LanesErrorData };
