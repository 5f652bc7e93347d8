import { html, nothing } from 'lit';
import type { EditorTarget, PublishResult } from '../../shared/domain/editor.ts';
import { DESCRIPTION_MAX } from '../../shared/domain/preflight.ts';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import type { MessageKey } from '../../shared/i18n/messages-en.ts';
import { t, tError } from '../i18n/locale-controller.ts';
import { ClientElement } from '../base/client-element.ts';
import type { Announcement } from './release-actions.ts';

/** The content cultures a diagram is published in (the BPMN import's lcid). */
const DIAGRAM_CULTURES: readonly number[] = [1031, 1033, 3082];

/** What a publish of the description came to, as the page says it. */
function outcomeOf(result: PublishResult): Announcement {
  switch (result.outcome) {
    case 'published':
    case 'queued':
    case 'review':
    case 'conflict':
      return { key: `preflight.describe.${result.outcome}` satisfies MessageKey };
    case 'failed':
      return {
        key: 'preflight.describe.failed',
        params: { message: result.error ? tError(result.error) : '' },
      };
  }
}

/** Whether a description can be written in this content culture (the diagram exists in it). */
export function canDescribeIn(culture: number): boolean {
  return DIAGRAM_CULTURES.includes(culture);
}

/**
 * "Write the description" from the release pre-flight: a text in the content
 * culture, published as the process's documentation in its diagram (main's
 * `editor.describe`, through the outbox like every publish; queued offline).
 * Tells what came of it with `described` (an Announcement); `cancel` closes it.
 */
class DescribeProcess extends ClientElement {
  static override properties = {
    page: { attribute: false },
    culture: { attribute: false },
    hasDraft: { attribute: false },
    busy: { state: true },
    empty: { state: true },
  };
  declare page: ElementPage;
  declare culture: number;
  /** The diagram Lanes holds is an unpublished draft: it is published with the description, and says so. */
  declare hasDraft: boolean;
  declare busy: boolean;
  /** Publish was pressed without text. */
  declare empty: boolean;

  constructor() {
    super();
    this.hasDraft = false;
    this.busy = false;
    this.empty = false;
  }

  protected override firstUpdated(): void {
    // Opened from the dialog, which gives the focus back to its opener as it closes (in the same
    // update): the field takes it after that, in the next frame.
    requestAnimationFrame(() => this.querySelector('textarea')?.focus());
  }

  async #publish(event: Event): Promise<void> {
    event.preventDefault();
    const text = this.querySelector('textarea')?.value ?? '';
    this.empty = text.trim() === '';
    if (this.empty || this.busy) return;
    this.busy = true;
    try {
      const target: EditorTarget = {
        facet: this.page.facet,
        view: this.page.view,
        id: this.page.element.id,
        culture: this.culture as EditorTarget['culture'],
      };
      const result = await this.client.request('editor.describe', { ...target, text });
      this.dispatchEvent(new CustomEvent<Announcement>('described', { detail: outcomeOf(result) }));
    } catch (error) {
      // The text stays in the field: nothing typed is lost.
      this.reportError(error);
    } finally {
      this.busy = false;
    }
  }

  protected override render(): unknown {
    const id = `describe-${this.page.element.id}`;
    return html`<form
      class="preflight-describe"
      data-testid="preflight-describe"
      @submit=${(event: Event) => void this.#publish(event)}
    >
      <label for=${id}
        >${t('preflight.describe.label', { culture: t(`translate.language.${this.culture}` as MessageKey) })}</label
      >
      <textarea
        id=${id}
        rows="4"
        maxlength=${DESCRIPTION_MAX}
        data-testid="preflight-describe-text"
        aria-describedby="${id}-hint"
        ?disabled=${this.busy}
      ></textarea>
      <p id="${id}-hint" class="preflight-hint">
        ${t(this.hasDraft ? 'preflight.describe.hintDraft' : 'preflight.describe.hint')}
      </p>
      ${
        this.empty
          ? html`<p class="preflight-describe-error" role="alert">${t('preflight.describe.empty')}</p>`
          : nothing
      }
      <div class="preflight-describe-actions">
        <button type="submit" class="primary" data-testid="preflight-describe-publish" ?disabled=${this.busy}>
          ${t('preflight.describe.publish')}
        </button>
        <button
          type="button"
          data-testid="preflight-describe-cancel"
          ?disabled=${this.busy}
          @click=${() => this.dispatchEvent(new CustomEvent('cancel'))}
        >
          ${t('preflight.describe.cancel')}
        </button>
      </div>
    </form>`;
  }
}
customElements.define('lanes-describe-process', DescribeProcess);
