import { html, nothing } from 'lit';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import { t } from '../i18n/locale-controller.ts';
import { ClientElement } from '../base/client-element.ts';
import { elementName, versionOf } from '../base/element-format.ts';
import { createVersionAvailability } from './element-actions.ts';
import { pageChangedEvent, type Announcement } from './release-actions.ts';
import '../base/confirm-dialog.ts';

/**
 * "Create new version": the button, why it is disabled, the question first
 * (from which version; the new one starts in process) and what it made. One
 * component wherever it is offered: as the primary release action of a
 * released element, and in the Versions tab. `testId` names its parts
 * (`{testId}`, `-reason`, `-result`, `-dialog`), so both places can be told
 * apart. What it made is said beside it, or, with `saysResult` false, by the
 * host, which hears it as `version-created` (an Announcement): the released
 * element's release section, where this button goes once the new version is
 * in process.
 */
class CreateVersion extends ClientElement {
  static override properties = {
    page: { attribute: false },
    culture: { attribute: false },
    primary: { type: Boolean },
    saysResult: { attribute: false },
    testId: { attribute: false },
    busy: { state: true },
    announcement: { state: true },
    confirming: { state: true },
  };
  declare page: ElementPage;
  declare culture: number;
  /** The highlighted action where it is the step a modeler takes next (a released element). */
  declare primary: boolean;
  declare saysResult: boolean;
  declare testId: string;
  declare busy: boolean;
  /** What the last action did, shown until the next one (translated when drawn: the language may change). */
  declare announcement: Announcement | null;
  declare confirming: boolean;

  constructor() {
    super();
    this.culture = 1033;
    this.primary = false;
    this.saysResult = true;
    this.testId = 'create-version';
    this.busy = false;
    this.announcement = null;
    this.confirming = false;
  }

  async #createVersion(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const result = await this.client.request('workspace.createVersion', {
        facet: this.page.facet,
        view: this.page.view,
        id: this.page.element.id,
      });
      const created = result.page ? versionOf(result.page.element) : null;
      this.announcement =
        result.outcome === 'queued'
          ? { key: 'element.versions.queued' }
          : created
            ? { key: 'element.versions.createdAs', params: { version: created } }
            : { key: 'element.versions.created' };
      this.dispatchEvent(new CustomEvent<Announcement>('version-created', { detail: this.announcement }));
      this.dispatchEvent(pageChangedEvent(result.page));
    } catch (error) {
      this.reportError(error);
    } finally {
      this.busy = false;
      this.confirming = false;
    }
  }

  protected override render(): unknown {
    if (this.page.readOnlyVersion) return nothing;
    const availability = createVersionAvailability(this.page);
    const reasonId = `${this.testId}-reason`;
    return html`<div class="versions-create">
      <button
        type="button"
        class=${this.primary ? 'primary' : ''}
        data-testid=${this.testId}
        ?disabled=${!availability.allowed || this.busy}
        aria-describedby=${availability.allowed ? nothing : reasonId}
        @click=${() => (this.confirming = true)}
      >
        ${t('element.versions.create')}
      </button>
      ${
        availability.allowed
          ? nothing
          : html`<span id=${reasonId} class="disabled-reason" data-testid=${reasonId}
              >${t(availability.reason)}</span
            >`
      }
      ${
        this.saysResult
          ? html`<span
              class=${this.announcement ? 'versions-result' : 'visually-hidden'}
              role="status"
              data-testid="${this.testId}-result"
              >${this.announcement ? t(this.announcement.key, this.announcement.params) : nothing}</span
            >`
          : nothing
      }
      <lanes-confirm-dialog
        data-testid="${this.testId}-dialog"
        .open=${this.confirming}
        .heading=${t('element.versions.confirm.heading')}
        .body=${t('element.versions.confirm.body', {
          name: elementName(this.page.element, this.culture).text,
          version: versionOf(this.page.element) ?? '—',
        })}
        .confirmLabel=${t('element.versions.confirm.confirm')}
        .cancelLabel=${t('element.cancel')}
        .busy=${this.busy}
        @dialog-confirm=${() => void this.#createVersion()}
        @dialog-cancel=${() => (this.confirming = false)}
      ></lanes-confirm-dialog>
    </div>`;
  }
}
customElements.define('lanes-create-version', CreateVersion);
