import { html, nothing } from 'lit';
import type { ChosenFile, LanesTableKind, PoolJob, PushProgress } from '../../shared/domain/datapool.ts';
import type { TableFormat } from '../../shared/domain/table-format.ts';
import type { LanesErrorData } from '../../shared/ipc/errors.ts';
import { t } from '../i18n/locale-controller.ts';
import { problemText } from './problems.ts';
import { toErrorData } from '../base/light-element.ts';
import { ClientElement } from '../base/client-element.ts';
import { navigateEvent } from '../base/routes.ts';
import { renderPushForm, tableNameOf, type PushDraft } from './push-form-view.ts';
import { isFinished, renderPushProgress } from './push-progress-view.ts';
import { renderPoolJobs, renderPushHistory } from './pool-jobs-view.ts';
import { defaultLanesTables, renderLanesTables, type LanesTablesState } from './lanes-tables-view.ts';
import './data-pool.css';

/** Errors that mean "the data pool cannot be used from here": shown on the page, with a way out. */
const reachCodes = new Set(['api.unreachable', 'api.timeout']);

/**
 * The data pool (#/data-pool): push a CSV file with a preview and corrected
 * columns, follow the push to its outcome, and look after the pool's jobs.
 * Main holds the files and does every request; this page only draws.
 */
class DataPoolPage extends ClientElement {
  static override properties = {
    draft: { state: true },
    current: { state: true },
    pushes: { state: true },
    jobs: { state: true },
    problem: { state: true },
    busy: { state: true },
    lanes: { state: true },
  };
  declare draft: PushDraft | undefined;
  /** The push this page follows (the newest one). */
  declare current: PushProgress | undefined;
  declare pushes: PushProgress[];
  declare jobs: PoolJob[] | undefined;
  /** Why the pool cannot be reached or used, shown above everything else. */
  declare problem: LanesErrorData | undefined;
  declare busy: boolean;
  declare lanes: LanesTablesState;
  #unsubscribe: (() => void) | undefined;
  /** A push was just started: its progress is scrolled into view once drawn. */
  #revealProgress = false;

  constructor() {
    super();
    this.pushes = [];
    this.busy = false;
    this.lanes = { tables: { ...defaultLanesTables }, previews: {}, gathering: {}, problems: {} };
  }

  protected override firstUpdated(): void {
    const offProgress = this.client.on('datapool.progress', (progress) => this.#onProgress(progress));
    const offGather = this.client.on('datapool.gatherProgress', (progress) => {
      if (this.lanes.gathering[progress.kind])
        this.lanes = { ...this.lanes, gathering: { ...this.lanes.gathering, [progress.kind]: progress } };
    });
    this.#unsubscribe = () => {
      offProgress();
      offGather();
    };
    void this.#load();
  }

  protected override updated(): void {
    if (this.#revealProgress) {
      this.#revealProgress = false;
      this.querySelector('[data-testid=pool-progress]')?.scrollIntoView({ block: 'nearest' });
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unsubscribe?.();
  }

  #onProgress(progress: PushProgress): void {
    this.pushes = [progress, ...this.pushes.filter((p) => p.pushId !== progress.pushId)];
    if (!this.current || this.current.pushId === progress.pushId) this.current = progress;
    if (isFinished(progress)) void this.#refreshJobs();
  }

  async #load(): Promise<void> {
    try {
      this.pushes = await this.client.request('datapool.pushes', {});
      this.current ??= this.pushes[0];
    } catch (error) {
      this.reportError(error);
    }
    await this.#refreshJobs();
  }

  async #refreshJobs(): Promise<void> {
    try {
      this.jobs = await this.client.request('datapool.jobs', {});
      this.problem = undefined;
    } catch (error) {
      this.jobs = undefined;
      this.problem = toErrorData(error);
    }
  }

  async #choose(purpose: 'rows' | 'deleted'): Promise<ChosenFile | null> {
    this.busy = true;
    try {
      const file = await this.client.request('datapool.chooseFile', { purpose });
      this.problem = undefined;
      return file;
    } catch (error) {
      this.problem = toErrorData(error);
      return null;
    } finally {
      this.busy = false;
    }
  }

  async #chooseFile(): Promise<void> {
    const file = await this.#choose('rows');
    if (!file) return;
    this.draft = {
      file,
      columns: file.columns,
      table: tableNameOf(file.name),
      mode: file.columns.some((c) => c.pkField) ? 'DELTA' : 'REPLACE',
      deletedFile: undefined,
    };
  }

  /** The file read again another way; the columns follow what is read now. */
  async #reread(format: TableFormat): Promise<void> {
    const draft = this.draft;
    if (!draft) return;
    this.busy = true;
    try {
      const file = await this.client.request('datapool.rereadFile', { fileId: draft.file.fileId, format });
      this.draft = { ...draft, file, columns: file.columns };
      this.problem = undefined;
    } catch (error) {
      this.problem = toErrorData(error);
    } finally {
      this.busy = false;
    }
  }

  async #chooseDeleted(): Promise<void> {
    const file = await this.#choose('deleted');
    if (file && this.draft) this.draft = { ...this.draft, deletedFile: file };
  }

  async #start(): Promise<void> {
    const draft = this.draft;
    if (!draft) return;
    this.busy = true;
    try {
      const keys =
        draft.mode === 'DELTA' ? draft.columns.filter((c) => c.pkField).map((c) => c.columnName) : [];
      const { pushId } = await this.client.request('datapool.push', {
        fileId: draft.file.fileId,
        format: draft.file.format,
        ...(draft.deletedFile ? { deletedFileId: draft.deletedFile.fileId } : {}),
        table: draft.table,
        mode: draft.mode,
        keys,
        columns: draft.columns,
      });
      this.#follow(pushId, draft.table, draft.file.bytes);
      this.problem = undefined;
    } catch (error) {
      this.problem = toErrorData(error);
    } finally {
      this.busy = false;
    }
  }

  /** Gathering shows its progress in the card until the answer (or the failure) is there. */
  #setGathering(kind: LanesTableKind, on: boolean): void {
    const gathering = { ...this.lanes.gathering };
    if (on) gathering[kind] = { kind, step: 'listing', done: 0, total: 0 };
    else delete gathering[kind];
    this.lanes = { ...this.lanes, gathering };
  }

  async #previewLanes(kind: LanesTableKind): Promise<void> {
    this.busy = true;
    this.#setGathering(kind, true);
    try {
      const preview = await this.client.request('datapool.previewLanes', { kind });
      this.lanes = {
        ...this.lanes,
        previews: { ...this.lanes.previews, [kind]: preview },
        problems: { ...this.lanes.problems, [kind]: undefined },
      };
    } catch (error) {
      this.#lanesProblem(kind, error);
    } finally {
      this.#setGathering(kind, false);
      this.busy = false;
    }
  }

  async #pushLanes(kind: LanesTableKind): Promise<void> {
    const table = this.lanes.tables[kind];
    this.busy = true;
    this.#setGathering(kind, true);
    try {
      const { pushId } = await this.client.request('datapool.pushLanes', { kind, table });
      this.#follow(pushId, table, 0);
      this.lanes = { ...this.lanes, problems: { ...this.lanes.problems, [kind]: undefined } };
    } catch (error) {
      this.#lanesProblem(kind, error);
    } finally {
      this.#setGathering(kind, false);
      this.busy = false;
    }
  }

  /** Shown in the table's card; a stopped gathering is no problem to show. */
  #lanesProblem(kind: LanesTableKind, error: unknown): void {
    const data = toErrorData(error);
    if (data.code === 'connection.notConfigured' || data.code === 'workspace.notConnected') {
      this.problem = data;
      return;
    }
    this.lanes = {
      ...this.lanes,
      problems: { ...this.lanes.problems, [kind]: data.code === 'api.cancelled' ? undefined : data },
    };
  }

  /** Follows a push just started; its first event may have come before the answer. */
  #follow(pushId: string, table: string, totalBytes: number): void {
    this.#revealProgress = true;
    this.current = this.pushes.find((p) => p.pushId === pushId) ?? {
      pushId,
      phase: 'checking',
      table,
      rows: 0,
      bytes: 0,
      totalBytes,
      startedAt: new Date().toISOString(),
    };
  }

  async #jobAction(channel: 'datapool.cancelJob' | 'datapool.deleteJob', job: PoolJob): Promise<void> {
    this.busy = true;
    try {
      this.jobs = await this.client.request(channel, { id: job.id });
    } catch (error) {
      this.reportError(error);
    } finally {
      this.busy = false;
    }
  }

  #renderProblem(problem: LanesErrorData): unknown {
    const toConnections = html`<button
      type="button"
      class="primary"
      data-testid="pool-open-connections"
      @click=${() => this.dispatchEvent(navigateEvent({ name: 'profiles' }))}
    >
      ${t('dataPool.openConnections')}
    </button>`;
    if (problem.code === 'connection.notConfigured')
      return html`<div class="pool-notice" data-testid="pool-problem" data-code=${problem.code}>
        <p>${t('dataPool.notConfigured', { fields: problem.params.fields ?? '' })}</p>
        ${toConnections}
      </div>`;
    if (problem.code === 'workspace.notConnected')
      return html`<div class="pool-notice" data-testid="pool-problem" data-code=${problem.code}>
        <p>${t('dataPool.notConnected')}</p>
        ${toConnections}
      </div>`;
    const text = reachCodes.has(problem.code) ? t('dataPool.offlineFile') : problemText(problem);
    return html`<div class="pool-notice" data-testid="pool-problem" data-code=${problem.code}>
      <p>${text}</p>
      ${problem.code === 'api.unauthorized' || problem.code === 'api.forbidden' ? toConnections : nothing}
    </div>`;
  }

  protected override render(): unknown {
    // A push waiting for the next sync does not hold the screen: more can be started meanwhile.
    const pushing =
      this.current !== undefined && !isFinished(this.current) && this.current.phase !== 'waiting';
    const formBusy = this.busy || pushing;
    return html`<section class="data-pool-page panel" aria-labelledby="data-pool-heading">
      <h2 id="data-pool-heading">${t('dataPool.heading')}</h2>
      <p class="muted">${t('dataPool.intro')}</p>
      ${this.problem ? this.#renderProblem(this.problem) : nothing}
      <section class="pool-file" aria-labelledby="pool-file-heading">
        <h3 id="pool-file-heading">${t('dataPool.fileHeading')}</h3>
        <div class="pool-row">
          <button
            type="button"
            class=${this.draft ? '' : 'primary'}
            data-testid="pool-choose-file"
            aria-disabled=${formBusy ? 'true' : 'false'}
            @click=${() => {
              if (!formBusy) void this.#chooseFile();
            }}
          >
            ${t(this.draft ? 'dataPool.chooseOther' : 'dataPool.chooseFile')}
          </button>
        </div>
        ${
          this.draft
            ? renderPushForm(this.draft, formBusy, {
                change: (draft) => (this.draft = draft),
                reread: (format) => void this.#reread(format),
                chooseDeleted: () => void this.#chooseDeleted(),
                start: () => void this.#start(),
              })
            : nothing
        }
      </section>
      ${
        this.current
          ? renderPushProgress(this.current, () => {
              void this.client
                .request('datapool.cancel', { pushId: this.current!.pushId })
                .catch((error: unknown) => this.reportError(error));
            })
          : nothing
      }
      ${renderLanesTables(this.lanes, this.busy || pushing, {
        rename: (kind, table) =>
          (this.lanes = { ...this.lanes, tables: { ...this.lanes.tables, [kind]: table } }),
        preview: (kind) => void this.#previewLanes(kind),
        push: (kind) => void this.#pushLanes(kind),
        stop: (kind) => void this.client.request('datapool.cancelLanes', { kind }).catch(() => {}),
      })}
      ${renderPoolJobs(this.jobs, this.busy, {
        refresh: () => void this.#refreshJobs(),
        cancel: (job) => void this.#jobAction('datapool.cancelJob', job),
        remove: (job) => void this.#jobAction('datapool.deleteJob', job),
      })}
      ${renderPushHistory(this.pushes)}
    </section>`;
  }
}
customElements.define('lanes-data-pool-page', DataPoolPage);
