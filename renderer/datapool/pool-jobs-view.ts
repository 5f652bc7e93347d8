/** The pool's unfinished jobs (with cancel and delete) and this session's pushes. */
import { html, type TemplateResult } from 'lit';
import type { PoolJob, PushProgress } from '../../shared/domain/datapool.ts';
import { t } from '../i18n/locale-controller.ts';
import { formatDateTime } from '../i18n/dates.ts';
import { formatCount, formatDuration } from './number-format.ts';
import { jobStateLabel } from './job-labels.ts';

interface JobActions {
  refresh(): void;
  cancel(job: PoolJob): void;
  remove(job: PoolJob): void;
}

export function renderPoolJobs(
  jobs: PoolJob[] | undefined,
  busy: boolean,
  actions: JobActions,
): TemplateResult {
  return html`<section class="pool-jobs" aria-labelledby="pool-jobs-heading">
    <div class="pool-row pool-heading-row">
      <h3 id="pool-jobs-heading">${t('dataPool.jobsHeading')}</h3>
      <button type="button" data-testid="pool-jobs-refresh" ?disabled=${busy} @click=${actions.refresh}>
        ${t('dataPool.refresh')}
      </button>
    </div>
    <p class="muted">${t('dataPool.jobsIntro')}</p>
    ${
      jobs && jobs.length > 0
        ? html`<table class="pool-table" data-testid="pool-jobs">
            <thead>
              <tr>
                <th scope="col">${t('dataPool.job.table')}</th>
                <th scope="col">${t('dataPool.job.type')}</th>
                <th scope="col">${t('dataPool.job.state')}</th>
                <th scope="col">${t('dataPool.job.created')}</th>
                <th scope="col">${t('dataPool.job.actions')}</th>
              </tr>
            </thead>
            <tbody>
              ${jobs.map(
                (job) =>
                  html`<tr data-job=${job.id}>
                    <td>${job.targetName}</td>
                    <td data-kind=${job.type}>${t(`dataPool.jobKind.${job.type}`)}</td>
                    <td data-state=${job.status}>${jobStateLabel(job.status)}</td>
                    <td>${formatDateTime(job.creationDate)}</td>
                    <td class="pool-actions">
                      <button
                        type="button"
                        ?disabled=${busy}
                        aria-label=${t('dataPool.job.cancelLabel', { table: job.targetName })}
                        @click=${() => actions.cancel(job)}
                      >
                        ${t('dataPool.job.cancel')}
                      </button>
                      <button
                        type="button"
                        ?disabled=${busy}
                        aria-label=${t('dataPool.job.deleteLabel', { table: job.targetName })}
                        @click=${() => actions.remove(job)}
                      >
                        ${t('dataPool.job.delete')}
                      </button>
                    </td>
                  </tr>`,
              )}
            </tbody>
          </table>`
        : html`<p data-testid="pool-no-jobs">${t('dataPool.noJobs')}</p>`
    }
  </section>`;
}

export function renderPushHistory(pushes: PushProgress[]): TemplateResult {
  return html`<section class="pool-history" aria-labelledby="pool-history-heading">
    <h3 id="pool-history-heading">${t('dataPool.historyHeading')}</h3>
    ${
      pushes.length > 0
        ? html`<table class="pool-table pool-history-table" data-testid="pool-history">
            <thead>
              <tr>
                <th scope="col">${t('dataPool.source.label')}</th>
                <th scope="col">${t('dataPool.job.table')}</th>
                <th scope="col">${t('dataPool.job.state')}</th>
                <th scope="col">${t('dataPool.history.rows')}</th>
                <th scope="col">${t('dataPool.history.started')}</th>
                <th scope="col">${t('dataPool.history.duration')}</th>
                <th scope="col">${t('dataPool.logsHeading')}</th>
              </tr>
            </thead>
            <tbody>
              ${pushes.map((p) => {
                const log = [
                  ...(p.badRows ?? []).map(
                    (row) => `${t('dataPool.badRow.line')} ${row.line}: ${row.message}`,
                  ),
                  ...(p.logs ?? []),
                ];
                return html`<tr data-push=${p.pushId} data-phase=${p.phase}>
                  <td>${t(`dataPool.source.${p.source ?? 'file'}`)}</td>
                  <td>${p.table}</td>
                  <td>
                    ${p.phase === 'waiting' ? t('dataPool.history.waiting') : p.status ? jobStateLabel(p.status) : '–'}
                  </td>
                  <td>${formatCount(p.rows)}</td>
                  <td>${formatDateTime(p.startedAt)}</td>
                  <td>${formatDuration(p.startedAt, p.finishedAt)}</td>
                  <td>
                    ${
                      log.length > 0
                        ? html`<details class="pool-logs">
                            <summary>${t('dataPool.history.logLines', { count: log.length })}</summary>
                            <ul>
                              ${log.map((line) => html`<li>${line}</li>`)}
                            </ul>
                          </details>`
                        : ''
                    }
                  </td>
                </tr>`;
              })}
            </tbody>
          </table>`
        : html`<p class="muted">${t('dataPool.noHistory')}</p>`
    }
  </section>`;
}
