import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { basename, join } from 'node:path';
import { HttpClient, type WaitNotice } from '../api/http/http-client.ts';
import type { DataPushClient } from '../api/datapush/datapush-client.ts';
import { isServiceUnavailable } from '../api/http/api-errors.ts';
import type { FileDialogs } from '../files/file-dialogs.ts';
import type { CurrentSession, Session } from '../session/current-session.ts';
import type { Logger } from '../log/logger.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { DataPushJob } from '../../shared/domain/datapush.ts';
import type {
  ChosenFile,
  LanesTableKind,
  LanesTablePreview,
  PoolJob,
  PushProgress,
  PushRequest,
  PushSource,
} from '../../shared/domain/datapool.ts';
import { previewCsv, EmptyFileError, NotUtf8Error } from './csv-preview.ts';
import { runPush, type LocalFile, type PushSpec } from './push-run.ts';
import { PushHistory } from './push-history.ts';
import {
  csvLine,
  inventoryColumns,
  inventoryTable,
  metricsColumns,
  metricsTable,
  type LanesTable,
} from './lanes-tables.ts';

export interface DataPoolServiceOptions {
  session: CurrentSession;
  dialogs: FileDialogs | undefined;
  logger: Logger;
  /** Where offline pushes keep their rows until the next sync. */
  dataDir: string;
  /** The content culture (names in the inventory). */
  culture: () => number;
  onProgress: (progress: PushProgress) => void;
  /** Rows per uploaded chunk (tests and the benchmark shrink it). */
  rowsPerChunk?: number;
}

const PREVIEW_ROWS = 20;
/** How long "is the service there?" may take before a file is read. */
const PROBE_TIMEOUT_MS = 15_000;
const defaultTables: Record<LanesTableKind, string> = {
  inventory: 'lanes_inventory',
  metrics: 'lanes_model_quality',
};

/**
 * The data pool screen's main side: picks CSV files (the renderer gets a token,
 * never a path), builds tables of what Lanes knows, pushes them through the same
 * push flow as `lanes push` while reporting every step, keeps the profile's push
 * history, holds offline pushes of Lanes' tables until the next sync, and lists,
 * cancels and deletes the pool's jobs.
 */
export class DataPoolService {
  readonly #options: DataPoolServiceOptions;
  readonly #files = new Map<string, LocalFile>();
  readonly #runs = new Map<string, AbortController>();
  readonly #latest = new Map<string, PushProgress>();
  /** Each run's end, for the sync that sends waiting pushes one after the other. */
  readonly #ending = new Map<string, Promise<void>>();

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
        error instanceof EmptyFileError
          ? 'the file is empty'
          : error instanceof NotUtf8Error
            ? 'it is not UTF-8 text. Save it as “CSV UTF-8” (in Excel: Save As › CSV UTF-8) and choose it again'
            : (error as Error).message.split(path).join(name);
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

  /** Starts a push of a chosen file; its progress arrives as events. Returns at once with the push's id. */
  async push(request: PushRequest): Promise<{ pushId: string; waiting: boolean }> {
    const file = this.#file(request.fileId);
    const deleted = request.deletedFileId ? this.#file(request.deletedFileId) : undefined;
    if (request.mode === 'DELTA' && request.keys.length === 0)
      throw new LanesError({
        code: 'ipc.invalidRequest',
        message: 'A DELTA push needs at least one key column.',
        params: { channel: 'datapool.push' },
        details: ['keys'],
      });
    const spec: PushSpec = {
      file,
      deleted,
      table: request.table,
      mode: request.mode,
      keys: request.mode === 'DELTA' ? request.keys : [],
      columns: request.columns,
      rowsPerChunk: this.#rowsPerChunk,
    };
    const pushId = randomUUID();
    await this.#start(pushId, 'file', spec, new Date().toISOString());
    return { pushId, waiting: false };
  }

  /** The inventory or the metrics as they would be pushed now (first rows and size). */
  async previewLanes(kind: LanesTableKind): Promise<LanesTablePreview> {
    const table = await this.#lanesTable(kind);
    return {
      kind,
      columns: table.columns,
      key: table.key,
      rows: table.rows.slice(0, PREVIEW_ROWS),
      total: table.rows.length,
      table: defaultTables[kind],
    };
  }

  /**
   * Pushes the inventory or the metrics as DELTA keyed by element id. The rows
   * are snapshotted into a CSV in the data folder first; with the service out
   * of reach the push waits there for the next sync.
   */
  async pushLanes(kind: LanesTableKind, tableName: string): Promise<{ pushId: string; waiting: boolean }> {
    const session = await this.#session();
    const table = await this.#lanesTable(kind);
    const pushId = randomUUID();
    const snapshot = join(this.#snapshotDir(session), `${pushId}.csv`);
    const out = createWriteStream(snapshot);
    out.write(`${csvLine(table.columns.map((c) => c.columnName))}\n`);
    for (const row of table.rows) if (!out.write(`${csvLine(row)}\n`)) await once(out, 'drain');
    out.end();
    await once(out, 'finish');
    const bytes = (await stat(snapshot)).size;
    const createdAt = new Date().toISOString();
    const history = new PushHistory(session.db);
    history.addWaiting({
      id: pushId,
      source: kind,
      table: tableName,
      mode: 'DELTA',
      snapshot,
      bytes,
      rows: table.rows.length,
      createdAt,
    });
    const waiting: PushProgress = {
      pushId,
      source: kind,
      phase: 'waiting',
      table: tableName,
      rows: table.rows.length,
      bytes: 0,
      totalBytes: bytes,
      startedAt: createdAt,
    };
    const { client } = await this.#connect({ maxAttempts: 1 });
    try {
      await client.listJobs(AbortSignal.timeout(PROBE_TIMEOUT_MS));
    } catch (error) {
      if (!isServiceUnavailable(error)) throw error;
      this.#options.onProgress(waiting);
      return { pushId, waiting: true };
    }
    await this.#start(
      pushId,
      kind,
      this.#lanesSpec(table.columns, table.key, tableName, snapshot, bytes, kind),
      createdAt,
    );
    return { pushId, waiting: false };
  }

  /** Sends the pushes that waited for the service, one after the other (the sync calls this). */
  async sendWaiting(): Promise<void> {
    const session = await this.#options.session.open();
    if (!session || session.services.missing('dataPush').length > 0) return;
    for (const waiting of new PushHistory(session.db).waiting()) {
      if (this.#runs.has(waiting.id)) continue;
      const kind = waiting.source as LanesTableKind;
      const [columns, key] =
        kind === 'inventory' ? [inventoryColumns, 'element_id'] : [metricsColumns, 'process_id'];
      await this.#start(
        waiting.id,
        kind,
        this.#lanesSpec(columns, key, waiting.table, waiting.snapshot, waiting.bytes, kind),
        new Date().toISOString(),
      );
      await this.#finished(waiting.id);
    }
  }

  /** Cancels a push under way, or drops one that waits for the service (its snapshot too). */
  async cancel(pushId: string): Promise<void> {
    const run = this.#runs.get(pushId);
    if (run) return run.abort();
    const session = await this.#options.session.open();
    if (!session) return;
    const history = new PushHistory(session.db);
    const waiting = history.waiting().find((w) => w.id === pushId);
    if (!waiting) return;
    const canceled = history.cancelWaiting(pushId);
    await rm(waiting.snapshot, { force: true });
    if (canceled) this.#options.onProgress(canceled);
  }

  /** The profile's pushes, newest first, with the ones under way as they stand now. */
  async pushes(): Promise<PushProgress[]> {
    const session = await this.#options.session.open();
    const stored = session ? new PushHistory(session.db).list() : [];
    return stored.map((p) => this.#latest.get(p.pushId) ?? p);
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

  #lanesSpec(
    columns: LanesTable['columns'],
    key: string,
    table: string,
    snapshot: string,
    bytes: number,
    kind: LanesTableKind,
  ): PushSpec {
    return {
      file: { path: snapshot, name: kind, bytes },
      table,
      mode: 'DELTA',
      keys: [key],
      columns,
      rowsPerChunk: this.#rowsPerChunk,
    };
  }

  /** Starts a run in the background; resolves once it has begun (its end arrives as progress). */
  async #start(pushId: string, source: PushSource, spec: PushSpec, startedAt: string): Promise<void> {
    const session = await this.#session();
    const history = new PushHistory(session.db);
    const controller = new AbortController();
    this.#runs.set(pushId, controller);
    let state: PushProgress = {
      pushId,
      source,
      phase: 'checking',
      table: spec.table,
      rows: 0,
      bytes: 0,
      totalBytes: spec.file.bytes,
      startedAt,
    };
    const update = (patch: Partial<PushProgress>): void => {
      state = { ...state, ...patch };
      this.#latest.set(pushId, state);
      try {
        history.record(state, source, spec.mode);
      } catch (error) {
        this.#options.logger.warn('datapool: could not record the push', (error as Error).message);
      }
      this.#options.onProgress(state);
    };
    let client: DataPushClient;
    try {
      ({ client } = await this.#connect({
        onWait: (notice: WaitNotice) => {
          if (notice.reason === 'rateLimited') update({ phase: 'rateLimited', waitMs: notice.waitMs });
        },
      }));
    } catch (error) {
      this.#runs.delete(pushId);
      throw error;
    }
    update({ phase: 'creating' });
    const run = runPush(client, spec, controller.signal, update, () => state, this.#options.logger).finally(
      async () => {
        this.#runs.delete(pushId);
        // A snapshot of Lanes' own rows is not needed once the push has ended.
        if (source !== 'file') await rm(spec.file.path, { force: true });
      },
    );
    this.#ending.set(pushId, run);
  }

  async #finished(pushId: string): Promise<void> {
    await this.#ending.get(pushId);
    this.#ending.delete(pushId);
  }

  async #lanesTable(kind: LanesTableKind): Promise<LanesTable> {
    const session = await this.#session();
    const culture = this.#options.culture();
    return kind === 'inventory' ? inventoryTable(session.db, culture) : metricsTable(session.db, culture);
  }

  #snapshotDir(session: Session): string {
    const dir = join(this.#options.dataDir, 'datapool-waiting', encodeURIComponent(session.profile));
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  get #rowsPerChunk(): number {
    return this.#options.rowsPerChunk ?? 100_000;
  }

  #file(fileId: string): LocalFile {
    const file = this.#files.get(fileId);
    if (!file)
      throw new LanesError({
        code: 'file.unreadable',
        message: 'Choose the file again.',
        params: { path: 'CSV', reason: 'choose the file again' },
      });
    return file;
  }

  async #session(): Promise<Session> {
    const session = await this.#options.session.open();
    if (!session)
      throw new LanesError({ code: 'workspace.notConnected', message: 'No tenant is connected.' });
    return session;
  }

  async #connect(options: {
    maxAttempts?: number;
    onWait?: (notice: WaitNotice) => void;
  }): Promise<{ session: Session; client: DataPushClient }> {
    const session = await this.#session();
    // Throws connection.notConfigured (data-push key, pool or address missing) before anything else.
    session.services.dataPush();
    // The data-push interface may live on another host: its answers do not say whether the process service is online.
    const http = new HttpClient({
      dispatcher: session.dispatcher,
      ...(options.maxAttempts ? { retry: { maxAttempts: options.maxAttempts } } : {}),
      ...(options.onWait ? { onWait: options.onWait } : {}),
    });
    return { session, client: session.services.dataPushOver(http) };
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
