import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { HttpClient } from '../api/http/http-client.ts';
import type { DataPushClient } from '../api/datapush/datapush-client.ts';
import { CsvShapeError, EmptyCsvError } from '../api/datapush/csv-chunks.ts';
import { pushTable, PushInputError, type PushProgress as FlowProgress } from '../api/datapush/push-flow.ts';
import { isApiError } from '../api/http/api-errors.ts';
import type { FileDialogs } from '../files/file-dialogs.ts';
import type { CurrentSession, Session } from '../session/current-session.ts';
import type { Logger } from '../log/logger.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { DataPushJob } from '../../shared/domain/datapush.ts';
import type { ChosenFile, PoolJob, PushProgress, PushRequest } from '../../shared/domain/datapool.ts';
import { previewCsv, EmptyFileError } from './csv-preview.ts';
import { badRowOfShapeError, splitJobLogs } from './job-logs.ts';

export interface DataPoolServiceOptions {
  session: CurrentSession;
  dialogs: FileDialogs | undefined;
  logger: Logger;
  onProgress: (progress: PushProgress) => void;
  /** Rows per uploaded chunk (tests and the benchmark shrink it). */
  rowsPerChunk?: number;
}

interface ChosenPath {
  path: string;
  name: string;
  bytes: number;
}

const PREVIEW_ROWS = 20;
/** How long "is the service there?" may take before a file is read. */
const PROBE_TIMEOUT_MS = 15_000;

/**
 * The data pool screen's main side: picks CSV files (the renderer gets a token,
 * never a path), pushes them through the same push flow as `lanes push` while
 * reporting every step, and lists, cancels and deletes the pool's jobs.
 */
export class DataPoolService {
  readonly #options: DataPoolServiceOptions;
  readonly #files = new Map<string, ChosenPath>();
  readonly #runs = new Map<string, AbortController>();
  readonly #latest = new Map<string, PushProgress>();

  constructor(options: DataPoolServiceOptions) {
    this.#options = options;
  }

  /** A file push needs the service: it is asked first, so nothing is read while it is out of reach. */
  async chooseFile(purpose: 'rows' | 'deleted'): Promise<ChosenFile | null> {
    const { client } = await this.#connect({ maxAttempts: 1 });
    await client.listJobs(AbortSignal.timeout(PROBE_TIMEOUT_MS));
    const dialogs = this.#options.dialogs;
    if (!dialogs?.chooseCsvToOpen)
      throw new LanesError({
        code: 'file.unreadable',
        message: 'No file dialog is available here.',
        params: { path: 'CSV', reason: 'no file dialog' },
      });
    const path = await dialogs.chooseCsvToOpen();
    if (!path) return null;
    const name = basename(path);
    let preview;
    try {
      preview = await previewCsv(path, purpose === 'rows' ? PREVIEW_ROWS : 5);
    } catch (error) {
      const reason =
        error instanceof EmptyFileError ? 'the file is empty' : (error as Error).message.replace(path, name);
      throw new LanesError({
        code: 'file.unreadable',
        message: `Cannot read ${name}: ${reason}`,
        params: { path: name, reason },
        cause: error,
      });
    }
    const fileId = randomUUID();
    this.#files.set(fileId, { path, name, bytes: preview.bytes });
    return { fileId, name, ...preview };
  }

  /** Starts a push; its progress arrives as events. Returns at once with the push's id. */
  async push(request: PushRequest): Promise<{ pushId: string }> {
    const file = this.#file(request.fileId);
    const deleted = request.deletedFileId ? this.#file(request.deletedFileId) : undefined;
    if (request.mode === 'DELTA' && request.keys.length === 0)
      throw new LanesError({
        code: 'ipc.invalidRequest',
        message: 'A DELTA push needs at least one key column.',
        params: { channel: 'datapool.push' },
        details: ['keys'],
      });
    const pushId = randomUUID();
    const controller = new AbortController();
    this.#runs.set(pushId, controller);
    let state: PushProgress = {
      pushId,
      phase: 'checking',
      table: request.table,
      rows: 0,
      bytes: 0,
      totalBytes: file.bytes,
      startedAt: new Date().toISOString(),
    };
    const update = (patch: Partial<PushProgress>): void => {
      state = { ...state, ...patch };
      this.#latest.set(pushId, state);
      this.#options.onProgress(state);
    };
    const { client } = await this.#connect({
      onWait: (notice) => {
        if (notice.reason === 'rateLimited') update({ phase: 'rateLimited', waitMs: notice.waitMs });
      },
    });
    update({ phase: 'creating' });
    void this.#run(client, request, file, deleted, controller, update, () => state).finally(() =>
      this.#runs.delete(pushId),
    );
    return { pushId };
  }

  cancel(pushId: string): void {
    this.#runs.get(pushId)?.abort();
  }

  /** This session's pushes, newest first (the screen re-attaches after navigating away). */
  pushes(): PushProgress[] {
    return [...this.#latest.values()].reverse();
  }

  async jobs(): Promise<PoolJob[]> {
    const { client } = await this.#connect({});
    return (await client.listJobs()).map(poolJobOf);
  }

  async cancelJob(id: string): Promise<PoolJob[]> {
    const { client } = await this.#connect({});
    await client.cancelJob(id);
    return this.jobs();
  }

  async deleteJob(id: string): Promise<PoolJob[]> {
    const { client } = await this.#connect({});
    await client.deleteJob(id);
    return this.jobs();
  }

  async #run(
    client: DataPushClient,
    request: PushRequest,
    file: ChosenPath,
    deleted: ChosenPath | undefined,
    controller: AbortController,
    update: (patch: Partial<PushProgress>) => void,
    current: () => PushProgress,
  ): Promise<void> {
    const finish = (patch: Partial<PushProgress>): void =>
      update({ ...patch, waitMs: undefined, finishedAt: new Date().toISOString() } as Partial<PushProgress>);
    try {
      const result = await pushTable(client, {
        file: file.path,
        table: request.table,
        keys:
          request.mode === 'DELTA'
            ? request.keys
            : request.columns.filter((c) => c.pkField).map((c) => c.columnName),
        type: request.mode,
        columns: request.columns.map((c) => ({ ...c, pkField: request.keys.includes(c.columnName) })),
        ...(deleted ? { deletedFile: deleted.path } : {}),
        rowsPerChunk: this.#rowsPerChunk,
        signal: controller.signal,
        onJob: (job) => update({ jobId: job.id, status: 'NEW', phase: 'uploading' }),
        onProgress: (progress) => update(progressPatch(progress, current())),
      });
      finish({ phase: 'done', status: 'DONE', rows: result.rows, logs: result.job.logs });
    } catch (error) {
      const jobId = current().jobId;
      const job = jobId ? await client.getJob(jobId).catch(() => undefined) : undefined;
      const { badRows, other } = splitJobLogs(job?.logs ?? [], this.#rowsPerChunk);
      const shapeRow = error instanceof CsvShapeError ? badRowOfShapeError(error.message) : undefined;
      if (shapeRow) badRows.push(shapeRow);
      if (controller.signal.aborted || isApiError(error, 'api.cancelled') || job?.status === 'CANCELED') {
        finish({ phase: 'canceled', ...(job ? { status: job.status } : {}), logs: other });
        return;
      }
      if (job?.status === 'DONE') {
        finish({ phase: 'done', status: 'DONE', logs: other });
        return;
      }
      this.#options.logger.warn(`datapool: push to ${request.table} failed`, (error as Error).message);
      // A job that ended in ERROR speaks through its log (bad rows, summary); repeating it as an error says nothing new.
      finish({
        phase: 'failed',
        ...(job ? { status: job.status } : {}),
        badRows,
        logs: other,
        ...(job?.status === 'ERROR' && (badRows.length > 0 || other.length > 0)
          ? {}
          : { error: errorDataOf(error, file) }),
      });
    }
  }

  get #rowsPerChunk(): number {
    return this.#options.rowsPerChunk ?? 100_000;
  }

  #file(fileId: string): ChosenPath {
    const file = this.#files.get(fileId);
    if (!file)
      throw new LanesError({
        code: 'file.unreadable',
        message: 'Choose the file again.',
        params: { path: 'CSV', reason: 'choose the file again' },
      });
    return file;
  }

  async #connect(options: {
    maxAttempts?: number;
    onWait?: ConstructorParameters<typeof HttpClient>[0]['onWait'];
  }): Promise<{ session: Session; client: DataPushClient }> {
    const session = await this.#options.session.open();
    if (!session)
      throw new LanesError({ code: 'workspace.notConnected', message: 'No tenant is connected.' });
    // Throws connection.notConfigured (data-push key, pool or address missing) before anything else.
    session.services.dataPush();
    const http = new HttpClient({
      dispatcher: session.dispatcher,
      onReachability: (reachable) => session.monitor.observe(reachable),
      ...(options.maxAttempts ? { retry: { maxAttempts: options.maxAttempts } } : {}),
      ...(options.onWait ? { onWait: options.onWait } : {}),
    });
    return { session, client: session.services.dataPushOver(http) };
  }
}

function progressPatch(progress: FlowProgress, current: PushProgress): Partial<PushProgress> {
  switch (progress.phase) {
    case 'upload':
      return {
        phase: 'uploading',
        rows: progress.rows,
        bytes: progress.bytes,
        totalBytes: progress.totalBytes,
      };
    case 'upload-deleted':
      return { phase: 'uploadingDeleted' };
    case 'execute':
      return { phase: 'executing', rows: progress.rows, bytes: current.totalBytes };
    case 'wait':
      if (progress.targetBusy) return { phase: 'targetBusy', waitMs: 2000 };
      return {
        phase: 'following',
        status: progress.status as DataPushJob['status'],
        waitMs: undefined,
      } as Partial<PushProgress>;
  }
}

function poolJobOf(job: DataPushJob): PoolJob {
  return {
    id: job.id,
    targetName: job.targetName,
    status: job.status,
    type: job.type,
    ...(job.creationDate ? { creationDate: job.creationDate } : {}),
    ...(job.changeDate ? { changeDate: job.changeDate } : {}),
    logs: job.logs,
  };
}

function errorDataOf(error: unknown, file: ChosenPath): NonNullable<PushProgress['error']> {
  if (error instanceof LanesError) return error.toData();
  if (error instanceof PushInputError || error instanceof CsvShapeError || error instanceof EmptyCsvError) {
    const reason = error.message.split(file.path).join(file.name);
    return { code: 'file.unreadable', message: reason, params: { path: file.name, reason }, details: [] };
  }
  const reason = error instanceof Error ? error.message.split(file.path).join(file.name) : String(error);
  return { code: 'internal', message: reason, params: {}, details: [] };
}
