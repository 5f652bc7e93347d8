import type { SessionOutboxes } from '../sync/session-outboxes.ts';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { basename, join } from 'node:path';
import { HttpClient } from '../api/http/http-client.ts';
import { INTERACTIVE_RETRY } from '../api/http/retry-policy.ts';
import type { DataPushClient } from '../api/datapush/datapush-client.ts';
import { isServiceUnavailable } from '../api/http/api-errors.ts';
import type { FileDialogs } from '../files/file-dialogs.ts';
import type { CurrentSession, Session } from '../session/current-session.ts';
import type { Logger } from '../log/logger.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { DataPushJob } from '../../shared/domain/datapush.ts';
import type { TableFormat } from '../../shared/domain/table-format.ts';
import type {
  ChosenFile,
  GatherProgress,
  LanesTableKind,
  LanesTablePreview,
  PoolJob,
  PushProgress,
  PushRequest,
} from '../../shared/domain/datapool.ts';
import { LANES_CSV, type LocalFile, type PushSpec } from './push-run.ts';
import { PushHistory } from './push-history.ts';
import { PushRunner } from './push-runner.ts';
import { inspectInWorker } from './push-worker-client.ts';
import { csvLine } from './lanes-tables.ts';
import type { GatheredTable } from './lanes-gather.ts';
import { LanesTableGatherer } from './lanes-table-gatherer.ts';

interface DataPoolServiceOptions {
  session: CurrentSession;
  /** The session's outbox: its history and conflicts feed the model-quality metrics. */
  outboxes: SessionOutboxes;
  dialogs: FileDialogs | undefined;
  logger: Logger;
  /** Where offline pushes keep their rows until the next sync. */
  dataDir: string;
  /** Proxy variables for the push worker's connections. */
  env?: Record<string, string | undefined>;
  /** The content culture (names in the inventory). */
  culture: () => number;
  onProgress: (progress: PushProgress) => void;
  /** Lanes' own tables being gathered from the landscape. */
  onGather?: (progress: GatherProgress) => void;
  /** Rows per uploaded chunk (tests and the benchmark shrink it). */
  rowsPerChunk?: number;
}

/** How long "is the service there?" may take before a file is read. */
const PROBE_TIMEOUT_MS = 15_000;
const PREVIEW_ROWS = 20;

type ChosenLocalFile = LocalFile & { format: TableFormat };

/**
 * The data pool screen's main side: picks files (the renderer gets a token,
 * never a path) and reads them in the push worker, has Lanes' own tables
 * gathered from the whole landscape (lanes-table-gatherer.ts), pushes both through the push worker while
 * reporting every step, keeps the profile's push history, holds offline
 * pushes of Lanes' tables until the next sync, and lists, cancels and
 * deletes the pool's jobs.
 */
export class DataPoolService {
  readonly #options: DataPoolServiceOptions;
  readonly #files = new Map<string, ChosenLocalFile>();
  readonly #runner: PushRunner;
  /** Each session's push history, constructed once. */
  readonly #histories = new WeakMap<Session, PushHistory>();
  readonly #gatherer: LanesTableGatherer;

  constructor(options: DataPoolServiceOptions) {
    this.#options = options;
    this.#runner = new PushRunner({
      logger: options.logger,
      env: options.env ?? {},
      tempDir: () => this.#dir('datapool-temp'),
      onProgress: options.onProgress,
    });
    this.#gatherer = new LanesTableGatherer({
      outboxes: options.outboxes,
      culture: options.culture,
      onProgress: options.onGather,
    });
  }

  /** A file push needs the service: it is asked first, so nothing is read while it is out of reach. */
  async chooseFile(purpose: 'rows' | 'deleted'): Promise<ChosenFile | null> {
    const client = await this.#client({ maxAttempts: 1 });
    await client.listJobs(AbortSignal.timeout(PROBE_TIMEOUT_MS));
    const dialogs = this.#options.dialogs;
    if (!dialogs?.chooseCsvToOpen)
      throw new LanesError({
        code: 'file.unreadable',
        message: 'No file dialog is available here.',
        params: { path: 'CSV', reason: 'noFileDialog' },
      });
    const path = await dialogs.chooseCsvToOpen();
    if (!path) return null;
    const fileId = randomUUID();
    const chosen = await this.#inspect(fileId, { path, name: basename(path), bytes: 0 });
    if (purpose === 'deleted' && chosen.format.kind !== 'csv')
      throw new LanesError({
        code: 'file.unreadable',
        message: `Cannot use ${chosen.name}: the rows to delete are read from a CSV file.`,
        params: {
          path: chosen.name,
          reason: 'deletedNotCsv',
          problem: 'deletedNotCsv',
        },
      });
    return chosen;
  }

  /** The chosen file read another way (encoding, separator, sheet, header row), as the user corrected it. */
  async rereadFile(fileId: string, format: TableFormat): Promise<ChosenFile> {
    return this.#inspect(fileId, this.#file(fileId), format);
  }

  async #inspect(fileId: string, file: LocalFile, format?: TableFormat): Promise<ChosenFile> {
    const preview = await inspectInWorker(
      { kind: 'inspect', path: file.path, name: file.name, format },
      { env: this.#options.env ?? {} },
    );
    this.#files.set(fileId, {
      path: file.path,
      name: file.name,
      bytes: preview.bytes,
      format: preview.format,
    });
    return { ...preview, fileId, name: file.name, rows: preview.rows.slice(0, PREVIEW_ROWS) };
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
    const session = await this.#session();
    const connection = session.services.dataPushConnection();
    const pushId = randomUUID();
    this.#runner.start({
      history: this.#historyOf(session),
      connection,
      pushId,
      source: 'file',
      startedAt: new Date().toISOString(),
      spec: {
        file: { path: file.path, name: file.name, bytes: file.bytes },
        format: request.format,
        deleted,
        table: request.table,
        mode: request.mode,
        keys: request.mode === 'DELTA' ? request.keys : [],
        columns: request.columns,
        rowsPerChunk: this.#rowsPerChunk,
      },
    });
    return { pushId, waiting: false };
  }

  /** The inventory or the metrics as they would be pushed now: gathered from the landscape, first rows and size. */
  async previewLanes(kind: LanesTableKind): Promise<LanesTablePreview> {
    const table = await this.#gatherer.gather(await this.#session(), kind);
    return {
      kind,
      columns: table.columns,
      key: table.key,
      rows: table.rows.slice(0, PREVIEW_ROWS),
      total: table.rows.length,
      table: kind === 'inventory' ? 'lanes_inventory' : 'lanes_model_quality',
      source: table.source,
      ...(table.landscapeTotal !== undefined ? { landscapeTotal: table.landscapeTotal } : {}),
      ...(table.fetchedAt ? { fetchedAt: table.fetchedAt } : {}),
    };
  }

  /** Stops gathering a table (the preview or push that asked for it fails as cancelled). */
  cancelLanes(kind: LanesTableKind): void {
    this.#gatherer.cancel(kind);
  }

  /**
   * Pushes the inventory or the metrics as DELTA keyed by element id. The rows
   * are snapshotted into a CSV in the data folder first; offline, the push
   * waits there for the next sync, which gathers the landscape again.
   */
  async pushLanes(kind: LanesTableKind, tableName: string): Promise<{ pushId: string; waiting: boolean }> {
    const session = await this.#session();
    const table = await this.#gatherer.recentOrGather(session, kind);
    const pushId = randomUUID();
    const { snapshot, bytes } = await this.#snapshot(session, pushId, table);
    const createdAt = new Date().toISOString();
    const history = this.#historyOf(session);
    const connection = session.services.dataPushConnection();
    let reachable = table.source === 'live';
    if (reachable) {
      try {
        reachable = await this.#dataPushAnswers();
      } catch (error) {
        await rm(snapshot, { force: true });
        throw error;
      }
    }
    if (!reachable) {
      const waiting = { id: pushId, source: kind, table: tableName, mode: 'DELTA' as const, snapshot, bytes };
      history.addWaiting({ ...waiting, rows: table.rows.length, createdAt });
      this.#options.onProgress({
        pushId,
        source: kind,
        phase: 'waiting',
        table: tableName,
        rows: table.rows.length,
        bytes: 0,
        totalBytes: bytes,
        startedAt: createdAt,
      });
      return { pushId, waiting: true };
    }
    this.#runner.start({
      history: this.#historyOf(session),
      connection,
      pushId,
      source: kind,
      startedAt: createdAt,
      spec: this.#lanesSpec(table, tableName, snapshot, bytes),
      removeAfter: snapshot,
    });
    return { pushId, waiting: false };
  }

  /**
   * Sends the pushes that waited for the service, one after the other (the
   * sync calls this). Each is gathered again first: what was known offline
   * may have been a part of the landscape.
   */
  async sendWaiting(): Promise<void> {
    const session = await this.#options.session.open();
    if (!session || session.services.missing('dataPush').length > 0) return;
    const history = this.#historyOf(session);
    if (history.waiting().length === 0) return;
    // The process interface may answer while the data-push interface does not: then everything keeps waiting.
    const answers = await this.#dataPushAnswers().catch((error: unknown) => {
      this.#options.logger.warn(
        'datapool: the data-push interface refused the check; pushes keep waiting',
        String(error),
      );
      return false;
    });
    if (!answers) return;
    for (const waiting of history.waiting()) {
      if (this.#runner.isRunning(waiting.id)) continue;
      const kind = waiting.source as LanesTableKind;
      let table: GatheredTable;
      try {
        table = await this.#gatherer.gather(session, kind);
      } catch (error) {
        this.#options.logger.warn(
          `datapool: ${kind} could not be gathered for a waiting push`,
          String(error),
        );
        return;
      }
      // Still offline: it keeps waiting.
      if (table.source !== 'live' || table.rows.length === 0) return;
      await rm(waiting.snapshot, { force: true });
      const { snapshot, bytes } = await this.#snapshot(session, waiting.id, table);
      this.#runner.start({
        history: this.#historyOf(session),
        connection: session.services.dataPushConnection(),
        pushId: waiting.id,
        source: kind,
        startedAt: new Date().toISOString(),
        spec: this.#lanesSpec(table, waiting.table, snapshot, bytes),
        removeAfter: snapshot,
      });
      await this.#runner.finished(waiting.id);
    }
  }

  /** A cheap question to the data-push interface: false when it is out of reach or not serving (502/503/504). */
  async #dataPushAnswers(): Promise<boolean> {
    try {
      await (await this.#client({ maxAttempts: 1 })).listJobs(AbortSignal.timeout(PROBE_TIMEOUT_MS));
      return true;
    } catch (error) {
      if (isServiceUnavailable(error)) return false;
      throw error;
    }
  }

  /** Cancels a push under way, or drops one that waits for the service (its snapshot too). */
  async cancel(pushId: string): Promise<void> {
    if (this.#runner.cancel(pushId)) return;
    const session = await this.#options.session.open();
    if (!session) return;
    const history = this.#historyOf(session);
    const waiting = history.waiting().find((w) => w.id === pushId);
    if (!waiting) return;
    const canceled = history.cancelWaiting(pushId);
    await rm(waiting.snapshot, { force: true });
    if (canceled) this.#options.onProgress(canceled);
  }

  /** The profile's pushes, newest first, with the ones under way as they stand now. */
  async pushes(): Promise<PushProgress[]> {
    const session = await this.#options.session.open();
    const stored = session ? this.#historyOf(session).list() : [];
    return stored.map((p) => this.#runner.latest(p.pushId) ?? p);
  }

  async jobs(): Promise<PoolJob[]> {
    return (await (await this.#client({})).listJobs()).map(poolJobOf);
  }

  async cancelJob(id: string): Promise<PoolJob[]> {
    await (await this.#client({})).cancelJob(id);
    return this.jobs();
  }

  async deleteJob(id: string): Promise<PoolJob[]> {
    await (await this.#client({})).deleteJob(id);
    return this.jobs();
  }

  async #snapshot(
    session: Session,
    pushId: string,
    table: GatheredTable,
  ): Promise<{ snapshot: string; bytes: number }> {
    const snapshot = join(this.#dir('datapool-waiting', session.profile), `${pushId}.csv`);
    const out = createWriteStream(snapshot);
    out.write(`${csvLine(table.columns.map((c) => c.columnName))}\n`);
    for (const row of table.rows) if (!out.write(`${csvLine(row)}\n`)) await once(out, 'drain');
    out.end();
    await once(out, 'finish');
    return { snapshot, bytes: (await stat(snapshot)).size };
  }

  #lanesSpec(table: GatheredTable, tableName: string, snapshot: string, bytes: number): PushSpec {
    return {
      file: { path: snapshot, name: table.kind, bytes },
      format: LANES_CSV,
      table: tableName,
      mode: 'DELTA',
      keys: [table.key],
      columns: table.columns,
      rowsPerChunk: this.#rowsPerChunk,
    };
  }

  #dir(name: string, profile?: string): string {
    const dir = join(this.#options.dataDir, name, ...(profile ? [encodeURIComponent(profile)] : []));
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  get #rowsPerChunk(): number {
    return this.#options.rowsPerChunk ?? 100_000;
  }

  #file(fileId: string): ChosenLocalFile {
    const file = this.#files.get(fileId);
    if (!file)
      throw new LanesError({
        code: 'file.unreadable',
        message: 'Choose the file again.',
        params: { path: 'CSV', reason: 'chooseAgain' },
      });
    return file;
  }

  #historyOf(session: Session): PushHistory {
    let history = this.#histories.get(session);
    if (!history) this.#histories.set(session, (history = new PushHistory(session.db)));
    return history;
  }

  /** How many of Lanes' own pushes wait for the service (the status bar counts them with the outbox). */
  waitingCount(session: Session): number {
    return this.#historyOf(session).waiting().length;
  }

  async #session(): Promise<Session> {
    const session = await this.#options.session.open();
    if (!session)
      throw new LanesError({ code: 'workspace.notConnected', message: 'No tenant is connected.' });
    return session;
  }

  /** A data-push client for the serving thread's own calls (probe, jobs); pushes make theirs in the worker. */
  async #client(options: { maxAttempts?: number }): Promise<DataPushClient> {
    const session = await this.#session();
    // Throws connection.notConfigured (data-push key, pool or address missing) before anything else.
    session.services.dataPush();
    // The data-push interface may live on another host: its answers do not say whether the process service is online.
    const http = new HttpClient({
      dispatcher: session.dispatcher,
      retry: { ...INTERACTIVE_RETRY, ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}) },
    });
    return session.services.dataPushOver(http);
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
