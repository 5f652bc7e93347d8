/**
 * What the tab says about the element behind it when that no longer lets the
 * diagram be edited: deleted on the service, released (elsewhere, or from the
 * element page) while a draft is open, a publish of the draft refused because
 * of that, or read-only from the start.
 */
import { html, nothing } from 'lit';
import type { EditorDocument } from '../../../shared/domain/editor.ts';
import { stateLabel } from '../../base/element-format.ts';
import { t } from '../../i18n/locale-controller.ts';
import { renderReadOnlyBanner } from './editor-banners.ts';
import type { ReadOnlyReason } from './tab-state.ts';

interface ElementStateActions {
  busy: boolean;
  /** "Create new version to edit" (no draft): the tab reopens on the new version. */
  onCreateVersion(): void;
  /** A draft on a released element: one queued operation makes the version and publishes into it. */
  onPublishIntoNewVersion(): void;
}

/** `readOnly`: why the tab cannot be edited, as its state derives it (tab-state.ts). */
export function renderElementStateBanner(
  doc: EditorDocument | null,
  readOnly: ReadOnlyReason,
  actions: ElementStateActions,
): unknown {
  if (!doc) return nothing;
  if (readOnly === 'deleted') {
    return html`<div class="editor-banner error-banner" role="alert" data-testid="editor-deleted-banner">
      <span>${t('outcome.deleted')}</span>
    </div>`;
  }
  if (readOnly === null) return nothing;
  if (doc.readOnly?.reason !== 'released' || doc.source !== 'draft')
    return renderReadOnlyBanner(doc, actions.busy, actions.onCreateVersion);
  const waiting = doc.publish.state === 'queued' || doc.publish.state === 'sending';
  // The service refused a publish of this draft (released meanwhile): the banner says it was not published.
  const refused = doc.publish.state === 'failed';
  return html`<div
    class="editor-banner read-only-banner"
    role="alert"
    data-testid="editor-draft-on-released"
    data-waiting=${waiting ? 'true' : 'false'}
    data-refused=${refused ? 'true' : 'false'}
  >
    <span
      >${t(waiting ? 'outcome.newVersionQueued' : refused ? 'outcome.releasedRefused' : 'outcome.released', {
        state: stateLabel(doc.readOnly.state ?? doc.state),
      })}</span
    >
    ${
      waiting
        ? nothing
        : html`<button
            type="button"
            class="primary"
            data-testid="editor-publish-into-new-version"
            aria-disabled=${actions.busy ? 'true' : 'false'}
            @click=${() => !actions.busy && actions.onPublishIntoNewVersion()}
          >
            ${t('outcome.publishIntoNewVersion')}
          </button>`
    }
  </div>`;
}
