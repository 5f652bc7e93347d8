import { html, nothing } from 'lit';
import type { ConflictDetail, ConflictElement, PublishResult } from '../../shared/domain/editor.ts';
import { t, tError } from '../i18n/locale-controller.ts';
import { toErrorData } from '../base/light-element.ts';
import { ClientElement } from '../base/client-element.ts';
import { formatRoute, navigateEvent } from '../base/routes.ts';
import { notKeptSummary } from '../verify/not-kept.ts';
import '../base/confirm-dialog.ts';
import { elementTitle, lostFields, renderConflictElements } from './conflict-elements.ts';
import type { DiffView } from './diff-view.ts';
import './diff-view.ts';

type Shown = 'mine' | 'theirs' | 'merged';
type Resolution = 'mine' | 'replace' | 'theirs' | 'merged';
/** The choices that overwrite or discard somebody's work: each is confirmed, naming what is lost. */
type Destructive = 'mine' | 'replace' | 'theirs';

/** Per destructive choice, its confirmation's heading and button. */
const confirmations = {
  mine: { heading: 'conflict.confirmMine.heading', confirm: 'conflict.confirmMine.confirm' },
  replace: { heading: 'conflict.confirmReplace.heading', confirm: 'conflict.confirmReplace.confirm' },
  theirs: { heading: 'conflict.confirmTheirs.heading', confirm: 'conflict.confirmTheirs.confirm' },
} as const;

/** Which two versions each choice of the switch compares, and how the panes are captioned. */
const comparisons = {
  mine: {
    older: 'baseXml',
    newer: 'mineXml',
    olderLabel: 'conflict.side.base',
    newerLabel: 'conflict.side.mine',
  },
  theirs: {
    older: 'baseXml',
    newer: 'theirsXml',
    olderLabel: 'conflict.side.base',
    newerLabel: 'conflict.side.theirs',
  },
  merged: {
    older: 'theirsXml',
    newer: 'mergedXml',
    olderLabel: 'conflict.side.theirs',
    newerLabel: 'conflict.side.merged',
  },
} as const;

/**
 * `#/conflict/{id}`: my draft and the server's version both moved on from
 * the same base. A conflict (both changed the same elements) offers keep
 * mine, take theirs or merge by hand; a clean merge (review) is shown for a
 * look before it is published.
 */
class ConflictView extends ClientElement {
  static override properties = {
    conflictId: { attribute: false },
    detail: { state: true },
    failure: { state: true },
    shown: { state: true },
    busy: { state: true },
    confirming: { state: true },
    result: { state: true },
    chosen: { state: true },
  };
  declare conflictId: string;
  declare detail: ConflictDetail | null;
  declare failure: string | null;
  declare shown: Shown;
  declare busy: boolean;
  /** The destructive choice waiting for its confirmation. */
  declare confirming: Destructive | null;
  declare result: PublishResult | null;
  /** What the user chose, so the message after it says what happened. */
  declare chosen: Resolution | null;
  #request = 0;

  constructor() {
    super();
    this.conflictId = '';
    this.detail = null;
    this.failure = null;
    this.shown = 'mine';
    this.busy = false;
    this.confirming = null;
    this.result = null;
    this.chosen = null;
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (!this.hasUpdated || changed.has('conflictId')) void this.#load();
  }

  async #load(): Promise<void> {
    if (!this.conflictId) return;
    const request = ++this.#request;
    this.detail = null;
    this.failure = null;
    this.result = null;
    this.chosen = null;
    try {
      const detail = await this.client.request('editor.conflict', { id: this.conflictId });
      if (request !== this.#request) return;
      this.detail = detail;
      this.shown = detail.kind === 'review' && detail.mergedXml ? 'merged' : 'mine';
    } catch (error) {
      if (request !== this.#request) return;
      this.failure = tError(toErrorData(error));
      this.reportError(error);
    }
  }

  async #resolve(resolution: Resolution): Promise<void> {
    if (!this.detail || this.busy) return;
    this.busy = true;
    try {
      this.result = await this.client.request('editor.resolve', { id: this.detail.id, resolution });
      this.chosen = resolution;
    } catch (error) {
      this.reportError(error);
    } finally {
      this.busy = false;
      this.confirming = null;
    }
  }

  /** Shows one element, zoomed in, in both diagrams. */
  #show(id: string): void {
    this.querySelector<DiffView>('lanes-diff-view')?.show(id);
  }

  #mergeByHand(): void {
    const detail = this.detail;
    if (!detail) return;
    this.dispatchEvent(
      navigateEvent({ name: 'edit', facet: detail.facet, view: detail.view, id: detail.elementId }),
    );
  }

  protected override render(): unknown {
    return html`<section
      class="conflict-page"
      aria-labelledby="conflict-heading"
      data-testid="conflict-view"
      data-kind=${this.detail?.kind ?? ''}
    >
      ${
        this.failure
          ? html`<p class="inline-error" role="alert" data-testid="conflict-failed">${this.failure}</p>`
          : this.detail
            ? this.#renderDetail(this.detail)
            : html`<p class="muted" role="status">${t('conflict.loading')}</p>`
      }
    </section>`;
  }

  #renderDetail(detail: ConflictDetail): unknown {
    const comparison = comparisons[this.shown];
    const older = detail[comparison.older];
    const newer = detail[comparison.newer];
    const decided = this.result !== null && this.result.outcome !== 'failed';
    const firstOverlap = detail.overlapList[0]?.id ?? null;
    return html`<header>
        <h2 id="conflict-heading">
          ${decided ? t('conflict.heading.decided', { name: detail.name }) : t(`conflict.heading.${detail.kind}`, { name: detail.name })}
        </h2>
      </header>
      ${
        // After a decision only what happened is said: "nothing has been published yet" is no longer true.
        decided ? nothing : html`<p class="conflict-explain">${t(`conflict.explain.${detail.kind}`)}</p>`
      }
      ${this.result ? this.#renderResult(this.result, detail) : nothing}
      ${
        decided
          ? nothing
          : html`${this.#renderActions(detail)} ${this.#renderElements(detail)} ${this.#renderSwitch(detail)}
            ${
              older && newer
                ? html`<lanes-diff-view
                    .olderXml=${older}
                    .newerXml=${newer}
                    .olderLabel=${t(comparison.olderLabel)}
                    .newerLabel=${t(comparison.newerLabel)}
                    .bothChanged=${new Set(detail.overlapList.map((overlap) => overlap.id))}
                    .focusId=${firstOverlap}
                  ></lanes-diff-view>`
                : nothing
            }`
      }
      ${this.#renderConfirm(detail)}`;
  }

  /** Keep mine, replace and take theirs each lose somebody's work: the same question, naming exactly what. */
  #renderConfirm(detail: ConflictDetail): unknown {
    const choice = this.confirming;
    return html`<lanes-confirm-dialog
      data-testid="conflict-confirm"
      data-choice=${choice ?? ''}
      .open=${choice !== null}
      .heading=${choice ? t(confirmations[choice].heading) : ''}
      .body=${choice ? this.#confirmBody(detail, choice) : nothing}
      .confirmLabel=${choice ? t(confirmations[choice].confirm) : ''}
      .cancelLabel=${t('conflict.cancel')}
      .busy=${this.busy}
      .tone=${'danger'}
      @dialog-confirm=${() => choice && void this.#resolve(choice)}
      @dialog-cancel=${() => (this.confirming = null)}
    ></lanes-confirm-dialog>`;
  }

  /**
   * Keep mine lists what of theirs mine replaces (old → theirs → mine); replace lists every change
   * of theirs; both say where their version is kept. Take theirs discards the draft.
   */
  #confirmBody(detail: ConflictDetail, choice: Destructive): unknown {
    if (choice === 'theirs') return t('conflict.confirmTheirs.body', { name: detail.name });
    const byId = new Map(detail.elements.map((element) => [element.id, element]));
    const kept = html`<p data-testid="conflict-confirm-kept">${t('conflict.confirm.kept')}</p>`;
    if (choice === 'mine') {
      const replaced = detail.keepMine?.replaced ?? [];
      if (replaced.length === 0)
        return html`<p>${t('conflict.confirmMine.nothing', { name: detail.name })}</p>`;
      return html`<p>${t('conflict.confirmMine.body', { name: detail.name, count: replaced.length })}</p>
        <ul class="conflict-losses" data-testid="conflict-confirm-list">
          ${replaced.map((id) => this.#renderLoss(id, byId.get(id), 'conflict.replaced.field'))}
        </ul>
        ${kept}`;
    }
    const theirs = [...new Set(detail.theirs.map((change) => change.id))];
    return html`<p>${t('conflict.confirmReplace.body', { name: detail.name, count: theirs.length })}</p>
      <ul class="conflict-losses" data-testid="conflict-confirm-list">
        ${theirs.map((id) => {
          const change = detail.theirs.find((entry) => entry.id === id)!;
          return this.#renderLoss(id, byId.get(id), 'conflict.lost.field', change.kind, change.name);
        })}
      </ul>
      ${kept}`;
  }

  /** One element of theirs a choice overwrites, by what a modeler calls it, with each field that changes. */
  #renderLoss(
    id: string,
    element: ConflictElement | undefined,
    row: 'conflict.replaced.field' | 'conflict.lost.field',
    kind?: 'added' | 'removed' | 'changed' | 'moved',
    name?: string,
  ): unknown {
    const title = element ? elementTitle(element, ['theirs', 'base', 'mine']) : (name ?? id);
    const fields = element
      ? lostFields(element, row === 'conflict.replaced.field' ? 'merge' : 'replace')
      : [];
    return html`<li data-testid="conflict-confirm-item" data-element-id=${id}>
      <strong>${title}</strong>${kind ? html` · ${t(`conflict.lost.kind.${kind}`)}` : nothing}
      ${
        fields.length > 0
          ? html`<ul>
              ${fields.map(
                (field) =>
                  html`<li data-testid="conflict-confirm-field">
                    ${t(row, { field: field.label, before: field.before, theirs: field.theirs, mine: field.mine })}
                  </li>`,
              )}
            </ul>`
          : nothing
      }
    </li>`;
  }

  /** Per element, its values before, mine and theirs; the old summary where the versions could not be read. */
  #renderElements(detail: ConflictDetail): unknown {
    if (detail.elements.length > 0) return renderConflictElements(detail.elements, (id) => this.#show(id));
    return this.#renderOverlaps(detail);
  }

  /** Conflicts recorded before element values were compared, or whose versions cannot be read. */
  #renderOverlaps(detail: ConflictDetail): unknown {
    if (detail.overlapList.length === 0) return nothing;
    return html`<section class="conflict-overlaps" aria-labelledby="conflict-overlaps-heading">
      <h3 id="conflict-overlaps-heading">${t('conflict.overlaps', { count: detail.overlapList.length })}</h3>
      <ul data-testid="conflict-overlaps">
        ${detail.overlapList.map(
          (overlap) =>
            html`<li data-testid="conflict-overlap" data-element-id=${overlap.id}>
              <strong>${overlap.name || overlap.id}</strong>
              ${t('conflict.overlap', {
                mine: t(`compare.kind.${overlap.mine}`),
                theirs: t(`compare.kind.${overlap.theirs}`),
              })}
            </li>`,
        )}
      </ul>
    </section>`;
  }

  #renderSwitch(detail: ConflictDetail): unknown {
    const choices: Shown[] = detail.mergedXml ? ['merged', 'mine', 'theirs'] : ['mine', 'theirs'];
    return html`<div class="conflict-switch" role="group" aria-label=${t('conflict.view')}>
      ${choices.map(
        (choice) =>
          html`<button
            type="button"
            data-testid="conflict-show-${choice}"
            aria-pressed=${this.shown === choice ? 'true' : 'false'}
            @click=${() => (this.shown = choice)}
          >
            ${t(`conflict.view.${choice}`)}
          </button>`,
      )}
    </div>`;
  }

  #renderActions(detail: ConflictDetail): unknown {
    const busy = this.busy ? 'true' : 'false';
    const action = (
      testid: string,
      label: string,
      hint: string,
      onClick: () => void,
      primary = false,
      possible = true,
    ) =>
      html`<div class="conflict-action">
        <button
          type="button"
          class=${primary ? 'primary' : ''}
          data-testid=${testid}
          ?disabled=${!possible}
          aria-disabled=${busy}
          aria-describedby="${testid}-hint"
          @click=${() => !this.busy && onClick()}
        >
          ${label}
        </button>
        <span id="${testid}-hint" class="muted">${hint}</span>
      </div>`;
    const keepMine = html`${action(
      'conflict-keep-mine',
      t('conflict.keepMine'),
      detail.keepMine ? t('conflict.keepMine.hint') : t('conflict.keepMine.impossible'),
      () => (this.confirming = 'mine'),
      false,
      detail.keepMine !== null,
    )}
    ${action(
      'conflict-replace-mine',
      t('conflict.replaceMine'),
      t('conflict.replaceMine.hint'),
      () => (this.confirming = 'replace'),
    )}`;
    const takeTheirs = action(
      'conflict-take-theirs',
      t('conflict.takeTheirs'),
      t('conflict.takeTheirs.hint'),
      () => (this.confirming = 'theirs'),
    );
    return html`<section class="conflict-actions" aria-label=${t('conflict.actions')}>
      ${
        detail.kind === 'review'
          ? html`${action(
              'conflict-publish-merged',
              t('conflict.publishMerged'),
              t('conflict.publishMerged.hint'),
              () => this.#resolve('merged'),
              true,
            )}
            ${keepMine} ${takeTheirs}`
          : html`${keepMine} ${takeTheirs}
            ${action(
              'conflict-merge-by-hand',
              t('conflict.mergeByHand'),
              t('conflict.mergeByHand.hint'),
              () => this.#mergeByHand(),
            )}`
      }
      ${this.busy ? html`<span role="status" class="muted">${t('conflict.working')}</span>` : nothing}
    </section>`;
  }

  #renderResult(result: PublishResult, detail: ConflictDetail): unknown {
    const element = formatRoute({
      name: 'element',
      facet: detail.facet,
      view: detail.view,
      id: detail.elementId,
    });
    const text =
      result.outcome === 'failed'
        ? t('conflict.result.failed', { message: result.error ? tError(result.error) : '' })
        : result.outcome === 'published'
          ? t(`conflict.result.published.${this.chosen ?? 'merged'}`, { name: detail.name })
          : t(`conflict.result.${result.outcome}`);
    const lost = result.outcome === 'published' && result.notKept?.length ? result.notKept : null;
    // What of theirs was overwritten, and where it is kept: never a silent replacement.
    const replacedCount =
      this.chosen === 'replace'
        ? new Set(detail.theirs.map((change) => change.id)).size
        : this.chosen === 'mine'
          ? (detail.keepMine?.replaced.length ?? 0)
          : 0;
    const compare = formatRoute({
      name: 'compare',
      facet: detail.facet,
      view: detail.view,
      id: detail.elementId,
    });
    const next =
      (result.outcome === 'review' || result.outcome === 'conflict') && result.conflictId
        ? html`<a
            href=${formatRoute({ name: 'conflict', id: result.conflictId })}
            data-testid="conflict-next"
          >
            ${t('conflict.result.openNext')}
          </a>`
        : nothing;
    return html`<div
      class="conflict-result"
      role="status"
      data-testid="conflict-result"
      data-outcome=${result.outcome}
    >
      <p data-testid="conflict-result-text">
        ${text} ${result.outcome === 'published' && result.importSummary ? result.importSummary : nothing}
      </p>
      ${
        lost
          ? html`<p data-testid="conflict-result-not-kept">
              ${t('conflict.result.notKept', { items: notKeptSummary(lost) })}
            </p>`
          : nothing
      }
      ${
        result.outcome !== 'failed' && replacedCount > 0
          ? html`<p data-testid="conflict-result-replaced">
              ${t('conflict.result.replacedKept', { count: replacedCount })}
            </p>`
          : nothing
      }
      <p>
        ${next}
        <a href=${element} data-testid="conflict-open-element">${t('conflict.openElement')}</a>
        ${
          replacedCount > 0
            ? html`<a href=${compare} data-testid="conflict-open-compare">${t('conflict.result.compare')}</a>`
            : nothing
        }
      </p>
    </div>`;
  }
}
customElements.define('lanes-conflict-view', ConflictView);
