/** Where a push stands: its step, rows and bytes sent, the job's state, waits, and the outcome. */
import { html, nothing, type TemplateResult } from 'lit';
import type { PushProgress } from '../../shared/domain/datapool.ts';
import { t } from '../i18n/locale-controller.ts';
import { problemText } from './problems.ts';
import { formatCount } from './number-format.ts';
import { jobStateLabel } from './job-labels.ts';

const finalPhases = new Set(['done', 'failed', 'canceled']);
const jobSteps = ['NEW', 'QUEUED', 'RUNNING'] as const;

export function isFinished(progress: PushProgress): boolean {
  return finalPhases.has(progress.phase);
}

function phaseText(p: PushProgress): string {
  const seconds = Math.ceil((p.waitMs ?? 0) / 1000);
  switch (p.phase) {
    case 'targetBusy':
      return t('dataPool.phase.targetBusy', { seconds });
    case 'rateLimited':
      return t('dataPool.phase.rateLimited', { seconds });
    case 'done':
      return t('dataPool.phase.done', { rows: p.rows, table: p.table });
    default:
      return t(`dataPool.phase.${p.phase}`);
  }
}

export function renderPushProgress(p: PushProgress, cancel: () => void): TemplateResult {
  const finished = isFinished(p);
  const outcome =
    p.status === 'DONE' || p.status === 'ERROR' || p.status === 'CANCELED' ? p.status : undefined;
  const current = outcome ?? p.status;
  // Failed before its job existed: nothing was sent, so no bytes and no job states to show, only what to do.
  const neverStarted = p.phase === 'failed' && !p.jobId;
  return html`<section
    class="pool-progress"
    data-testid="pool-progress"
    data-phase=${p.phase}
    aria-labelledby="pool-progress-heading"
  >
    <h3 id="pool-progress-heading">${t('dataPool.progressHeading', { table: p.table })}</h3>
    <p class="pool-phase pool-phase-${p.phase}" role="status" data-testid="pool-phase">
      ${neverStarted ? t('dataPool.failedBeforeJob') : phaseText(p)}
    </p>
    ${p.error && p.phase === 'failed' ? html`<p class="pool-problem" data-testid="pool-error">${problemText(p.error)}</p>` : nothing}
    ${p.phase === 'waiting' || neverStarted ? nothing : renderSent(p, current, outcome)}
    ${
      finished
        ? nothing
        : html`<button type="button" data-testid="pool-cancel" @click=${cancel}>
            ${t(p.phase === 'waiting' ? 'dataPool.cancelWaiting' : 'dataPool.cancel')}
          </button>`
    }
    ${
      p.badRows && p.badRows.length > 0
        ? html`<h4>${t('dataPool.badRowsHeading')}</h4>
            <table class="pool-table" data-testid="pool-bad-rows">
              <thead>
                <tr>
                  <th scope="col">${t('dataPool.badRow.line')}</th>
                  <th scope="col">${t('dataPool.badRow.problem')}</th>
                </tr>
              </thead>
              <tbody>
                ${p.badRows.map(
                  (row) =>
                    html`<tr>
                      <td>
                        ${formatCount(row.line)} ${row.deletedFile ? t('dataPool.badRow.deletedFile') : ''}
                      </td>
                      <td>${row.message}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
        : nothing
    }
    ${
      finished && p.logs && p.logs.length > 0
        ? html`<details class="pool-logs">
            <summary>${t('dataPool.logsHeading')}</summary>
            <ul>
              ${p.logs.map((line) => html`<li>${line}</li>`)}
            </ul>
          </details>`
        : nothing
    }
  </section>`;
}

/** Bytes and rows sent, and the job's way through its states. */
function renderSent(
  p: PushProgress,
  current: string | undefined,
  outcome: string | undefined,
): TemplateResult {
  const steps: string[] = [...jobSteps, outcome ?? 'DONE'];
  const at = current === undefined ? -1 : steps.indexOf(current);
  return html`<progress
      max=${Math.max(1, p.totalBytes)}
      .value=${Math.min(p.bytes, p.totalBytes)}
      aria-label=${t('dataPool.progressLabel')}
    ></progress>
    <p class="pool-sent" data-testid="pool-sent">
      ${t('dataPool.sent', { rows: p.rows, bytes: p.bytes, total: p.totalBytes })}
    </p>
    <ol class="pool-states" aria-label=${t('dataPool.stateLabel')} data-testid="pool-states">
      ${steps.map(
        (step, index) =>
          html`<li
            class="pool-state ${step === current ? 'pool-state-current' : ''} ${
              index <= at ? 'pool-state-reached' : ''
            } pool-state-${step}"
            aria-current=${step === current ? 'step' : 'false'}
            data-state=${step}
          >
            ${jobStateLabel(step)}
          </li>`,
      )}
    </ol>`;
}
