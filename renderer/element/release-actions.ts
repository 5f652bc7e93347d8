import { html, nothing } from 'lit';
import type { ActionResult, ElementPage, PendingAction } from '../../shared/domain/workspace.ts';
import type { Transition } from '../../shared/domain/process.ts';
import type { MessageKey } from '../../shared/i18n/messages-en.ts';
import { t, tError } from '../i18n/locale-controller.ts';
import { formatDateTime } from '../i18n/dates.ts';
import { ClientElement } from '../base/client-element.ts';
import { transitionAvailability, usualTransition } from './element-actions.ts';
import { elementName, stateLabel } from '../base/element-format.ts';
import { isReadOnlyState } from '../../shared/domain/release-states.ts';
import {
  renderPreflight,
  runPreflight,
  type PreflightFixes,
  type PreflightResult,
  type PreflightState,
} from './preflight-check.ts';
import { canDescribeIn } from './preflight-describe.ts';
import '../base/confirm-dialog.ts';
import '../base/menu-button.ts';
import './create-version.ts';
import './preflight-describe.ts';

type Step =
  | { mode: 'confirm'; transition: Transition; preflight: PreflightState }
  | { mode: 'warning'; transition: Transition; messages: string[] };

/**
 * What the pre-flight found, kept on the page after "Review" so the modeler
 * can work through it: each finding with its fix, checked again after each.
 */
interface Review {
  transition: Transition;
  result: PreflightResult;
  /** The description form is open (under its finding). */
  describing: boolean;
  /** What the last fix did (a description published or queued). */
  outcome: Announcement | null;
}

/** What an action did, as a message: translated when drawn, so a language switch afterwards follows. */
export interface Announcement {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** Tells the page what an action left behind: the element as it is now, or null to read it again. */
export function pageChangedEvent(page: ElementPage | null): CustomEvent<ElementPage | null> {
  return new CustomEvent('page-changed', { detail: page, bubbles: true });
}

/**
 * The button text of a transition. Several may lead to one state (released,
 * released after QA, released externally): those tell their variant from
 * their id, which the service names `{From}To{Target}{Variant}`.
 */
function transitionLabel(transition: Transition, all: readonly Transition[]): string {
  const state = stateLabel(transition.targetState);
  const twins = all.filter((other) => other.targetState === transition.targetState);
  if (twins.length < 2) return t('element.release.to', { state });
  const target = transition.targetState.charAt(0).toUpperCase() + transition.targetState.slice(1);
  const at = transition.id.toLowerCase().lastIndexOf(`to${target}`.toLowerCase());
  const variant = at >= 0 ? transition.id.slice(at + 2 + target.length) : transition.id;
  return variant ? t('element.release.toVariant', { state, variant }) : t('element.release.to', { state });
}

/** What the user sees while an action waits in the outbox. */
function pendingText(action: PendingAction): string {
  const what =
    action.kind === 'transition'
      ? t('element.pending.transition', { state: stateLabel(action.targetState) })
      : action.kind === 'createVersion'
        ? t('element.pending.createVersion')
        : action.kind === 'translation'
          ? t('element.pending.translation')
          : t('element.pending.other');
  return t(`element.pending.state.${action.state}`, { what });
}

/**
 * The release state machine: the usual next transition as the one primary
 * button, the others (variants, ways back) in a menu beside it. Each asks
 * first, with what the pre-flight finds offline; with findings, "Review" is
 * the highlighted answer and keeps them on the page. A warning from the
 * service (no description, no owner…) is shown with its messages and may be
 * overridden with "Apply anyway". What happened is said on the page.
 */
class ReleaseActions extends ClientElement {
  static override properties = {
    page: { attribute: false },
    culture: { attribute: false },
    step: { state: true },
    busy: { state: true },
    announcement: { state: true },
    review: { state: true },
    syncing: { state: true },
  };
  declare page: ElementPage;
  declare culture: number;
  declare step: Step | null;
  declare busy: boolean;
  /** Said after an action (the dialog that asked is gone): shown, and read by screen readers. */
  declare announcement: Announcement | null;
  declare review: Review | null;
  /** "Sync now" from a finding is running. */
  declare syncing: boolean;

  constructor() {
    super();
    this.step = null;
    this.busy = false;
    this.announcement = null;
    this.review = null;
    this.syncing = false;
  }

  protected override updated(changed: Map<string, unknown>): void {
    // The element as it is now (a fix published, a sync read it again): the kept findings follow it.
    if (changed.has('page') && changed.get('page') !== undefined && this.review) void this.#refreshReview();
  }

  async #refreshReview(): Promise<void> {
    const review = this.review;
    if (!review) return;
    let result: PreflightResult;
    try {
      result = await runPreflight(this.client, this.page, this.culture, review.transition.targetState);
    } catch {
      return;
    }
    // Closed or replaced meanwhile: this answer is stale. The open form stays open while its finding does.
    if (this.review?.transition !== review.transition) return;
    const stillMissing = result.findings.some((finding) => finding.kind === 'noDescription');
    this.review = { ...this.review, result, describing: this.review.describing && stillMissing };
  }

  /** "Sync now" from a finding about a waiting publish; the findings are checked again afterwards. */
  async #syncNow(): Promise<void> {
    if (this.syncing) return;
    this.syncing = true;
    try {
      await this.client.request('sync.run', {});
    } catch (error) {
      this.reportError(error);
    } finally {
      this.syncing = false;
    }
    if (this.step?.mode === 'confirm') await this.#confirm(this.step.transition);
    else await this.#refreshReview();
    this.dispatchEvent(pageChangedEvent(null));
  }

  /** What the findings' fixes act on, in the dialog (which the form and the links leave) or kept on the page. */
  #fixes(where: 'dialog' | 'review'): PreflightFixes {
    const review = this.review;
    return {
      page: this.page,
      syncing: this.syncing,
      syncNow: () => void this.#syncNow(),
      describe: () => {
        // The form needs room and time: it opens where the findings are kept, not in the dialog.
        if (where === 'dialog') this.#cancel();
        if (this.review) this.review = { ...this.review, describing: true, outcome: null };
      },
      ...(where === 'dialog' ? { leave: () => (this.step = null) } : {}),
      ...(where === 'review' && review?.describing && canDescribeIn(this.culture)
        ? {
            describeForm: html`<lanes-describe-process
              .page=${this.page}
              .culture=${this.culture}
              .hasDraft=${review.result.hasDraft}
              @described=${(event: CustomEvent<Announcement>) => {
                if (this.review) this.review = { ...this.review, describing: false, outcome: event.detail };
                // The element as the service has it now: the page reads it again, and the findings follow.
                this.dispatchEvent(pageChangedEvent(null));
              }}
              @cancel=${() => this.review && (this.review = { ...this.review, describing: false })}
            ></lanes-describe-process>`,
          }
        : {}),
    };
  }

  async #send(transition: Transition, ignoreWarnings: boolean): Promise<void> {
    this.busy = true;
    let result: ActionResult;
    try {
      result = await this.client.request('workspace.transition', {
        facet: this.page.facet,
        view: this.page.view,
        id: this.page.element.id,
        transitionId: transition.id,
        ignoreWarnings,
      });
    } catch (error) {
      this.busy = false;
      this.step = null;
      this.reportError(error);
      return;
    } finally {
      this.busy = false;
    }
    if (result.outcome === 'warning') {
      const messages = result.messages.length > 0 ? result.messages : [result.message ?? ''];
      this.step = { mode: 'warning', transition, messages: messages.filter(Boolean) };
      return;
    }
    this.step = null;
    this.review = null;
    this.announcement = {
      key: result.outcome === 'queued' ? 'element.release.queued' : 'element.release.done',
      params: { state: transition.targetState },
    };
    this.dispatchEvent(pageChangedEvent(result.page));
  }

  /** Asks first, with what the pre-flight finds offline listed before the user decides. */
  async #confirm(transition: Transition): Promise<void> {
    const step: Step = { mode: 'confirm', transition, preflight: null };
    this.step = step;
    // The dialog lists the findings as they are now; the kept ones would only repeat them.
    this.review = null;
    let result: PreflightState;
    try {
      result = await runPreflight(this.client, this.page, this.culture, transition.targetState);
    } catch {
      result = { findings: [], offline: false, hasDraft: false };
    }
    // The dialog was closed or another transition asked meanwhile: this answer is stale.
    if (this.step === step) this.step = { ...step, preflight: result };
  }

  /** Cancel, or "Review": the findings stay on the page, next to the way to go on anyway. */
  #cancel(): void {
    const step = this.step;
    this.step = null;
    if (step?.mode === 'confirm' && step.preflight && step.preflight.findings.length > 0)
      this.review = { transition: step.transition, result: step.preflight, describing: false, outcome: null };
  }

  #renderReview(): unknown {
    const review = this.review;
    if (!review) return nothing;
    const state = stateLabel(review.transition.targetState);
    return html`<div
      class="release-review"
      data-testid="release-review"
      role="region"
      aria-label=${t('element.review.heading', { state })}
    >
      <h4>${t('element.review.heading', { state })}</h4>
      ${renderPreflight(review.result, this.#fixes('review'))}
      ${
        review.outcome
          ? html`<p class="release-result" role="status" data-testid="release-review-outcome">
              ${t(review.outcome.key, review.outcome.params)}
            </p>`
          : nothing
      }
      <div class="release-review-actions">
        <button
          type="button"
          data-testid="release-review-again"
          @click=${() => void this.#confirm(review.transition)}
        >
          ${t('element.review.again', { label: transitionLabel(review.transition, this.page.transitions ?? []) })}
        </button>
        <button type="button" data-testid="release-review-close" @click=${() => (this.review = null)}>
          ${t('element.review.close')}
        </button>
      </div>
    </div>`;
  }

  #renderPending(): unknown {
    if (this.page.pending.length === 0) return nothing;
    return html`<ul class="element-pending" aria-label=${t('element.pending.label')}>
      ${this.page.pending.map((action) => {
        const time = formatDateTime(action.createdAt);
        return html`<li class="pending-marker" data-testid="pending-marker" data-state=${action.state}>
          <span class="pending-badge">${t('element.pending.badge', { state: action.state })}</span>
          ${pendingText(action)} <span class="muted">(${time})</span>
          ${action.lastError ? html`<span class="pending-error" data-code=${action.lastError.code}>${tError(action.lastError)}</span>` : nothing}
        </li>`;
      })}
    </ul>`;
  }

  #renderButtons(): unknown {
    if (isReadOnlyState(this.page.element.state ?? null)) return this.#renderReleasedButtons();
    const transitions = this.page.transitions;
    if (transitions === null)
      return html`<p class="muted" data-testid="transitions-unavailable">
        ${t('element.release.unavailable')}
      </p>`;
    if (transitions.length === 0)
      return html`<p class="muted" data-testid="transitions-none">${t('element.release.none')}</p>`;
    const availability = transitionAvailability(this.page);
    const reasonId = 'release-disabled-reason';
    const usual = usualTransition(transitions, this.page.element.state)!;
    const others = transitions.filter((transition) => transition !== usual);
    const disabled = !availability.allowed || this.busy;
    return html`<div class="release-buttons" role="group" aria-label=${t('element.release.label')}>
        <button
          type="button"
          class="primary"
          data-testid="release-primary"
          data-transition-id=${usual.id}
          data-target-state=${usual.targetState}
          ?disabled=${disabled}
          aria-describedby=${availability.allowed ? nothing : reasonId}
          @click=${() => void this.#confirm(usual)}
        >
          ${transitionLabel(usual, transitions)}
        </button>
        ${
          others.length > 0
            ? html`<lanes-menu-button
                .label=${t('element.release.more')}
                .text=${t('element.release.more')}
                .testId=${'release-more'}
                .itemTestIdPrefix=${'release-to-'}
                .items=${others.map((transition) => ({
                  id: transition.id,
                  label: transitionLabel(transition, transitions),
                }))}
                ?disabled=${disabled}
                @menu-choose=${(event: CustomEvent<string>) => {
                  const chosen = others.find((transition) => transition.id === event.detail);
                  if (chosen) void this.#confirm(chosen);
                }}
              ></lanes-menu-button>`
            : nothing
        }
      </div>
      ${
        availability.allowed
          ? nothing
          : html`<p id=${reasonId} class="disabled-reason" data-testid="release-disabled-reason">
              ${t(availability.reason)}
            </p>`
      }`;
  }

  /**
   * A released (in effect, expiring, expired) element: what a modeler wants
   * next is a new version to work on, so that is the primary action; the
   * transitions wait in the menu beside it, and a disabled one says why.
   */
  #renderReleasedButtons(): unknown {
    const transitions = this.page.transitions ?? [];
    const availability = transitionAvailability(this.page);
    const reasonId = 'release-disabled-reason';
    return html`<div
        class="release-buttons release-buttons-released"
        role="group"
        aria-label=${t('element.release.label')}
      >
        <lanes-create-version
          .page=${this.page}
          .culture=${this.culture}
          .primary=${true}
          .saysResult=${false}
          .testId=${'release-create-version'}
          @version-created=${(event: CustomEvent<Announcement>) => (this.announcement = event.detail)}
        ></lanes-create-version>
        ${
          transitions.length > 0
            ? html`<lanes-menu-button
                .label=${t('element.release.transitions')}
                .text=${t('element.release.transitions')}
                .testId=${'release-more'}
                .itemTestIdPrefix=${'release-to-'}
                .items=${transitions.map((transition) => ({
                  id: transition.id,
                  label: transitionLabel(transition, transitions),
                }))}
                ?disabled=${!availability.allowed || this.busy}
                .describedBy=${availability.allowed ? '' : reasonId}
                @menu-choose=${(event: CustomEvent<string>) => {
                  const chosen = transitions.find((transition) => transition.id === event.detail);
                  if (chosen) void this.#confirm(chosen);
                }}
              ></lanes-menu-button>`
            : nothing
        }
      </div>
      ${
        transitions.length > 0 && !availability.allowed
          ? html`<p id=${reasonId} class="disabled-reason" data-testid="release-disabled-reason">
              ${t('element.release.transitionsReason', { reason: t(availability.reason) })}
            </p>`
          : nothing
      }`;
  }

  #renderDialog(): unknown {
    const step = this.step;
    const name = elementName(this.page.element, this.culture).text;
    const state = step ? stateLabel(step.transition.targetState) : '';
    const label = step ? transitionLabel(step.transition, this.page.transitions ?? []) : '';
    const body =
      step?.mode === 'warning'
        ? html`<p>${t('element.warning.intro', { state })}</p>
            <ul class="warning-messages" role="alert" data-testid="warning-messages">
              ${step.messages.map((message) => html`<li>${message}</li>`)}
            </ul>`
        : html`<p>${t('element.confirm.body', { name, state })}</p>
            ${step ? renderPreflight(step.preflight, this.#fixes('dialog')) : nothing}`;
    // Findings make "Review" the highlighted answer; going on is still one (plain) button away.
    const findings =
      step?.mode === 'confirm' && step.preflight !== null && step.preflight.findings.length > 0;
    return html`<lanes-confirm-dialog
      data-testid="release-dialog"
      data-mode=${step?.mode ?? 'closed'}
      data-default=${findings ? 'review' : 'confirm'}
      ?open=${step !== null}
      ?busy=${this.busy || (step?.mode === 'confirm' && step.preflight === null)}
      .heading=${step?.mode === 'warning' ? t('element.warning.heading') : t('element.confirm.heading', { state })}
      .body=${body}
      .confirmLabel=${
        step?.mode === 'warning'
          ? t('element.warning.applyAnyway')
          : findings
            ? t('element.confirm.anyway', { label })
            : label
      }
      .cancelLabel=${findings ? t('element.confirm.review') : t('element.cancel')}
      .emphasis=${findings ? 'cancel' : 'confirm'}
      @dialog-cancel=${() => this.#cancel()}
      @dialog-confirm=${() => step && this.#send(step.transition, step.mode === 'warning')}
    ></lanes-confirm-dialog>`;
  }

  protected override render(): unknown {
    if (this.page.readOnlyVersion) return nothing;
    return html`<section class="release-actions" aria-labelledby="release-heading">
      <h3 id="release-heading" class="section-heading">${t('element.release.heading')}</h3>
      ${this.#renderPending()} ${this.#renderButtons()}
      <p
        class=${this.announcement ? 'release-result' : 'visually-hidden'}
        role="status"
        data-testid="release-announcement"
      >
        ${
          this.announcement
            ? t(this.announcement.key, {
                ...this.announcement.params,
                state: stateLabel(String(this.announcement.params?.['state'] ?? '')),
              })
            : nothing
        }
      </p>
      ${this.#renderReview()} ${this.#renderDialog()}
    </section>`;
  }
}
customElements.define('lanes-release-actions', ReleaseActions);
