import { html, nothing } from 'lit';
import type { ActionResult, ElementPage, PendingAction } from '../../shared/domain/workspace.ts';
import type { Transition } from '../../shared/domain/process.ts';
import type { LanesClient } from '../bridge/lanes-client.ts';
import { t } from '../i18n/locale-controller.ts';
import { formatDateTime } from '../i18n/dates.ts';
import { LightElement } from '../base/light-element.ts';
import { transitionAvailability } from './element-actions.ts';
import { elementName, stateLabel } from '../base/element-format.ts';
import { renderPreflight, runPreflight, type PreflightState } from './preflight-check.ts';
import '../base/confirm-dialog.ts';

type Step =
  | { mode: 'confirm'; transition: Transition; preflight: PreflightState }
  | { mode: 'warning'; transition: Transition; messages: string[] };

/** Tells the page what an action left behind: the element as it is now, or null to read it again. */
export function pageChangedEvent(page: ElementPage | null): CustomEvent<ElementPage | null> {
  return new CustomEvent('page-changed', { detail: page, bubbles: true });
}

/**
 * The button text of a transition. Several may lead to one state (released,
 * released after QA, released externally): those tell their variant from
 * their id, which the service names `{From}To{Target}{Variant}`.
 */
export function transitionLabel(transition: Transition, all: readonly Transition[]): string {
  const state = stateLabel(transition.targetState);
  const twins = all.filter((other) => other.targetState === transition.targetState);
  if (twins.length < 2) return t('element.release.to', { state });
  const target = transition.targetState.charAt(0).toUpperCase() + transition.targetState.slice(1);
  const at = transition.id.toLowerCase().lastIndexOf(`to${target}`.toLowerCase());
  const variant = at >= 0 ? transition.id.slice(at + 2 + target.length) : transition.id;
  return variant ? t('element.release.toVariant', { state, variant }) : t('element.release.to', { state });
}

/** What the user sees while an action waits in the outbox. */
export function pendingText(action: PendingAction): string {
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
 * The release state machine as buttons: each names the state it leads to and
 * asks first. A warning from the service (no description, no owner…) is shown
 * with its messages and may be overridden with "Apply anyway".
 */
export class ReleaseActions extends LightElement {
  static override properties = {
    client: { attribute: false },
    page: { attribute: false },
    culture: { attribute: false },
    step: { state: true },
    busy: { state: true },
    announcement: { state: true },
  };
  declare client: LanesClient | undefined;
  declare page: ElementPage;
  declare culture: number;
  declare step: Step | null;
  declare busy: boolean;
  /** Read by screen readers after an action (the dialog that said it is gone). */
  declare announcement: string;

  constructor() {
    super();
    this.step = null;
    this.busy = false;
    this.announcement = '';
  }

  async #send(transition: Transition, ignoreWarnings: boolean): Promise<void> {
    if (!this.client) return;
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
    const state = stateLabel(transition.targetState);
    this.announcement =
      result.outcome === 'queued'
        ? t('element.release.queued', { state })
        : t('element.release.done', { state });
    this.dispatchEvent(pageChangedEvent(result.page));
  }

  /** Asks first, with what the pre-flight finds offline listed before the user decides. */
  async #confirm(transition: Transition): Promise<void> {
    const step: Step = { mode: 'confirm', transition, preflight: null };
    this.step = step;
    let findings: PreflightState;
    try {
      findings = this.client
        ? await runPreflight(this.client, this.page, this.culture, transition.targetState)
        : [];
    } catch {
      findings = [];
    }
    // The dialog was closed or another transition asked meanwhile: this answer is stale.
    if (this.step === step) this.step = { ...step, preflight: findings };
  }

  #renderPending(): unknown {
    if (this.page.pending.length === 0) return nothing;
    return html`<ul class="element-pending" aria-label=${t('element.pending.label')}>
      ${this.page.pending.map((action) => {
        const time = formatDateTime(action.createdAt);
        return html`<li class="pending-marker" data-testid="pending-marker" data-state=${action.state}>
          <span class="pending-badge">${t('element.pending.badge')}</span>
          ${pendingText(action)} <span class="muted">(${time})</span>
          ${action.lastError ? html`<span class="pending-error">${action.lastError}</span>` : nothing}
        </li>`;
      })}
    </ul>`;
  }

  #renderButtons(): unknown {
    const transitions = this.page.transitions;
    if (transitions === null)
      return html`<p class="muted" data-testid="transitions-unavailable">
        ${t('element.release.unavailable')}
      </p>`;
    if (transitions.length === 0)
      return html`<p class="muted" data-testid="transitions-none">${t('element.release.none')}</p>`;
    const availability = transitionAvailability(this.page);
    const reasonId = 'release-disabled-reason';
    return html`<div class="release-buttons" role="group" aria-label=${t('element.release.label')}>
        ${transitions.map(
          (transition) =>
            html`<button
              type="button"
              data-transition-id=${transition.id}
              data-target-state=${transition.targetState}
              ?disabled=${!availability.allowed || this.busy}
              aria-describedby=${availability.allowed ? nothing : reasonId}
              @click=${() => void this.#confirm(transition)}
            >
              ${transitionLabel(transition, transitions)}
            </button>`,
        )}
      </div>
      ${
        availability.allowed
          ? nothing
          : html`<p id=${reasonId} class="disabled-reason" data-testid="release-disabled-reason">
              ${t(availability.reason)}
            </p>`
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
            ${step ? renderPreflight(step.preflight) : nothing}`;
    return html`<lanes-confirm-dialog
      data-testid="release-dialog"
      data-mode=${step?.mode ?? 'closed'}
      ?open=${step !== null}
      ?busy=${this.busy || (step?.mode === 'confirm' && step.preflight === null)}
      .heading=${step?.mode === 'warning' ? t('element.warning.heading') : t('element.confirm.heading', { state })}
      .body=${body}
      .confirmLabel=${step?.mode === 'warning' ? t('element.warning.applyAnyway') : label}
      .cancelLabel=${t('element.cancel')}
      @dialog-cancel=${() => (this.step = null)}
      @dialog-confirm=${() => step && this.#send(step.transition, step.mode === 'warning')}
    ></lanes-confirm-dialog>`;
  }

  protected override render(): unknown {
    if (this.page.readOnlyVersion) return nothing;
    return html`<section class="release-actions" aria-labelledby="release-heading">
      <h3 id="release-heading" class="section-heading">${t('element.release.heading')}</h3>
      ${this.#renderPending()} ${this.#renderButtons()}
      <p class="visually-hidden" role="status" data-testid="release-announcement">${this.announcement}</p>
      ${this.#renderDialog()}
    </section>`;
  }
}
customElements.define('lanes-release-actions', ReleaseActions);
