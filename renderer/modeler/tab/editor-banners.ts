import { html, nothing } from 'lit';
import type { EditorDocument, NotKeptItem } from '../../../shared/domain/editor.ts';
import { notKeptSummary, renderNotKeptList } from '../../verify/not-kept.ts';
import { t, tError } from '../../i18n/locale-controller.ts';
import type { LanesErrorData } from '../../../shared/ipc/errors.ts';
import { stateLabel } from '../../base/element-format.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { formatRoute } from '../../base/routes.ts';
import { cssomStyle } from '../../base/cssom-style.ts';
import type { CanvasView } from '../canvas/open-view.ts';

/** What the last action of the tab came to, shown under the toolbar until the next one. */
export type TabNotice =
  | { kind: 'info'; text: string }
  /** `notKept`: what the service did not keep of what was sent (null: could not be checked). */
  /** `replaced`: elements of a colleague's this publish (a conflict resolution) overwrote. */
  | {
      kind: 'published';
      summary: string;
      lintSkipped?: boolean;
      notKept?: NotKeptItem[] | null;
      replaced?: number;
    }
  | { kind: 'queued'; lintSkipped?: boolean }
  | { kind: 'conflict' | 'review'; conflictId: string | null }
  /** `error`: why, as code and parameters (rendered in the interface language when shown). */
  | { kind: 'failed'; error: LanesErrorData | null; offerNewVersion: boolean }
  /** Lint errors block the publish: how many, and the elements they are on (their labels). */
  | { kind: 'blocked'; errors: number; elements: string[] };

export function formatTime(iso: string | null): string {
  if (!iso) return '—';
  return formatDateTime(iso);
}

/** Draft / live / offline cache / local file: where the diagram on screen comes from. */
function renderSourceMarker(doc: EditorDocument | null, file: { path: string | null } | null): unknown {
  let text: string;
  let source: string;
  if (file) {
    source = file.path ? 'file' : 'new';
    text = file.path ? `${t('editor.source.file')}: ${file.path}` : t('editor.source.new');
  } else if (doc) {
    source = doc.source;
    text =
      doc.source === 'draft'
        ? t('editor.source.draft', { time: formatTime(doc.draftSavedAt) })
        : doc.source === 'live'
          ? t('editor.source.live')
          : t('editor.source.cache', { time: formatTime(doc.fetchedAt) });
  } else return nothing;
  return html`<span class="editor-source" data-testid="editor-source" data-source=${source}>${text}</span>`;
}

export function renderRecoveryBanner(savedAt: string, onRestore: () => void, onDiscard: () => void): unknown {
  const time = formatTime(savedAt);
  return html`<div class="editor-banner" role="alert" data-testid="editor-recovery-banner">
    <span>${t('editor.recovery.body', { time })}</span>
    <button type="button" class="primary" data-testid="editor-restore-recovery" @click=${onRestore}>
      ${t('editor.recovery.restore', { time })}
    </button>
    <button type="button" data-testid="editor-discard-recovery" @click=${onDiscard}>
      ${t('editor.recovery.discard')}
    </button>
  </div>`;
}

export function renderReadOnlyBanner(
  doc: EditorDocument,
  busy: boolean,
  onCreateVersion: () => void,
): unknown {
  if (!doc.readOnly) return nothing;
  const why =
    doc.readOnly.reason === 'released'
      ? t('editor.readOnly.released', { state: stateLabel(doc.readOnly.state ?? doc.state) })
      : t('editor.readOnly.permission');
  return html`<div class="editor-banner read-only-banner" role="note" data-testid="editor-read-only-banner">
    <span>${why}</span>
    ${
      doc.canCreateVersion
        ? html`<button
            type="button"
            class="primary"
            data-testid="editor-create-version"
            aria-disabled=${busy ? 'true' : 'false'}
            @click=${() => !busy && onCreateVersion()}
          >
            ${t('editor.readOnly.createVersion')}
          </button>`
        : nothing
    }
  </div>`;
}

const lintSkippedNote = (skipped: boolean | undefined): unknown =>
  skipped
    ? html`<span data-testid="editor-publish-lint-skipped">${t('editor.publish.lintSkipped')}</span>`
    : nothing;

/** Selecting an element of the diagram from a notice's list (rows of elements the diagram lacks are text). */
interface ElementSelection {
  canSelect(id: string): boolean;
  onSelect(id: string): void;
}

/**
 * A publish that lost something is never shown as a plain success: the
 * banner names what the service did not keep and lists it.
 */
/** A resolution's publish overwrote a colleague's changes: say how many, and where their version is. */
function replacedNote(replaced: number | undefined, onCompare: (() => void) | undefined): unknown {
  if (!replaced) return nothing;
  return html`<span data-testid="editor-publish-replaced" data-replaced=${replaced}
    >${t('verify.replaced', { count: replaced })}
    ${
      onCompare
        ? html`<button type="button" data-testid="editor-publish-replaced-compare" @click=${onCompare}>
            ${t('verify.replacedCompare')}
          </button>`
        : nothing
    }</span
  >`;
}

function renderPublished(
  notice: Extract<TabNotice, { kind: 'published' }>,
  selection: ElementSelection | undefined,
  onRestore: (() => void) | undefined,
  onCompare: (() => void) | undefined,
): unknown {
  const lost = notice.notKept ?? [];
  if (lost.length > 0) {
    return html`<div
      class="editor-banner loss-banner not-kept-banner"
      role="alert"
      data-testid="editor-publish-result"
      data-outcome="published"
      data-not-kept=${lost.length}
    >
      <span>${t('verify.heading', { summary: notKeptSummary(lost) })}</span>
      ${replacedNote(notice.replaced, onCompare)} ${lintSkippedNote(notice.lintSkipped)}
      <details class="not-kept-details">
        <summary data-testid="not-kept-toggle">${t('verify.showList', { count: lost.length })}</summary>
        ${renderNotKeptList(lost, selection)}
        ${
          onCompare
            ? html`<button
                type="button"
                class="not-kept-compare"
                data-testid="not-kept-compare"
                title=${t('verify.compareTitle')}
                @click=${onCompare}
              >
                ${t('verify.compare')}
              </button>`
            : nothing
        }
      </details>
      ${
        onRestore
          ? html`<button
              type="button"
              data-testid="editor-restore-sent"
              title=${t('outcome.restoreHint')}
              @click=${onRestore}
            >
              ${t('outcome.restore')}
            </button>`
          : nothing
      }
    </div>`;
  }
  const verification =
    notice.notKept === undefined
      ? nothing
      : html`<span data-testid="editor-publish-verified" data-verified=${notice.notKept ? 'all' : 'unchecked'}
          >${t(notice.notKept ? 'verify.allKept' : 'verify.unchecked')}</span
        >`;
  return html`<p
    class="editor-notice"
    role="status"
    data-testid="editor-publish-result"
    data-outcome="published"
  >
    ${t('editor.publish.published', { summary: notice.summary })} ${verification}
    ${replacedNote(notice.replaced, onCompare)} ${lintSkippedNote(notice.lintSkipped)}
  </p>`;
}

export function renderNotice(
  notice: TabNotice | null,
  onPublishNewVersion: () => void,
  selection?: ElementSelection,
  /** A process tab offers to bring back what the service did not keep, as a draft. */
  onRestore?: () => void,
  /** A process tab opens Compare versions, where the sent version and the server's stand side by side. */
  onCompare?: () => void,
): unknown {
  if (!notice) return nothing;
  switch (notice.kind) {
    case 'info':
      return html`<p class="editor-notice" role="status" data-testid="editor-notice">${notice.text}</p>`;
    case 'published':
      return renderPublished(notice, selection, onRestore, onCompare);
    case 'queued':
      return html`<p
        class="editor-notice"
        role="status"
        data-testid="editor-publish-result"
        data-outcome="queued"
      >
        ${t('editor.publish.queued')} ${lintSkippedNote(notice.lintSkipped)}
      </p>`;
    case 'conflict':
    case 'review':
      return html`<div
        class="editor-banner conflict-banner"
        role="alert"
        data-testid="editor-conflict-banner"
        data-outcome=${notice.kind}
      >
        <span>${t(notice.kind === 'conflict' ? 'editor.publish.conflict' : 'editor.publish.review')}</span>
        ${
          notice.conflictId
            ? html`<a
                data-testid="editor-open-conflict"
                href=${formatRoute({ name: 'conflict', id: notice.conflictId })}
                >${t('editor.publish.openConflict')}</a
              >`
            : nothing
        }
      </div>`;
    case 'failed':
      return html`<div
        class="editor-banner error-banner"
        role="alert"
        data-testid="editor-publish-result"
        data-outcome="failed"
      >
        <span>${t('editor.publish.failed', { message: notice.error ? tError(notice.error) : '' })}</span>
        ${
          notice.offerNewVersion
            ? html`<button
                type="button"
                data-testid="editor-publish-new-version"
                @click=${onPublishNewVersion}
              >
                ${t('editor.publish.newVersion')}
              </button>`
            : nothing
        }
      </div>`;
    case 'blocked':
      return html`<p class="editor-notice error-banner" role="alert" data-testid="editor-publish-blocked">
        ${
          notice.elements.length === 1
            ? t('editor.problems.blockedOne', { element: notice.elements[0]! })
            : t('editor.problems.blocked', { count: notice.elements.length })
        }
      </p>`;
  }
}

/**
 * changed: an outside change was seen (Reload / Keep mine); saveRefused: a
 * save found the file changed (Reload / Overwrite); deleted: gone from disk.
 */
export function renderFileChangedBanner(
  banner: 'changed' | 'deleted' | 'saveRefused' | null,
  onReload: () => void,
  onKeepMine: () => void,
): unknown {
  if (!banner) return nothing;
  return html`<div
    class="editor-banner"
    role="alert"
    data-testid="editor-file-changed-banner"
    data-reason=${banner}
  >
    <span>${t(banner === 'deleted' ? 'editor.file.deleted' : 'editor.file.changedOnDisk')}</span>
    ${
      banner === 'deleted'
        ? nothing
        : html`<button type="button" data-testid="editor-file-reload" @click=${onReload}>
            ${t('editor.file.reload')}
          </button>`
    }
    <button
      type="button"
      data-testid=${banner === 'saveRefused' ? 'editor-file-overwrite' : 'editor-file-keep-mine'}
      @click=${onKeepMine}
    >
      ${t(banner === 'saveRefused' ? 'editor.file.overwrite' : 'editor.file.keepMine')}
    </button>
  </div>`;
}

/** The tab strip's badge for a process tab, from where its draft stands. */
export type TabBadge = 'draft' | 'queued' | 'conflict' | 'review' | 'failed' | null;

export function badgeOf(doc: EditorDocument | null): TabBadge {
  if (!doc) return null;
  switch (doc.publish.state) {
    case 'queued':
    case 'sending':
    case 'unknown':
      return 'queued';
    case 'conflict':
    case 'review':
    case 'failed':
      return doc.publish.state;
    default:
      return doc.source === 'draft' ? 'draft' : null;
  }
}

/** "In process · Version 1.2" beside the source marker: the state in words, never its key. */
function renderDocState(doc: EditorDocument | null | undefined): unknown {
  if (!doc || (!doc.state && !doc.versionLabel)) return nothing;
  const parts = [
    doc.state ? stateLabel(doc.state) : '',
    doc.versionLabel ? t('element.version', { version: doc.versionLabel }) : '',
  ].filter(Boolean);
  return html`<span class="muted" data-testid="editor-doc-state">${parts.join(' · ')}</span>`;
}

/** The tab's first line: where the diagram comes from, its state, and "Loading…" while it loads. */
export function renderTabHeader(
  doc: EditorDocument | null,
  file: { path: string | null } | null,
  phase: string,
): unknown {
  return html`<header class="editor-tab-header">
    ${renderSourceMarker(doc, file)} ${renderDocState(doc)}
    ${phase === 'loading' ? html`<span class="muted" aria-live="polite">${t('editor.loading')}</span>` : nothing}
  </header>`;
}

/** Why the diagram could not be opened, once it could not. */
export function renderFailure(phase: string, failure: string | null): unknown {
  return phase === 'failed'
    ? html`<p class="inline-error" role="alert" data-testid="editor-failed">
        ${t('editor.failed', { reason: failure ?? '' })}
      </p>`
    : nothing;
}

/**
 * The canvas bpmn-js draws into, with the cached server rendering over it
 * while the diagram imports (painted at once, gone when the import is done),
 * and the tab's banners laid over its top edge: one coming or going never
 * moves the diagram.
 */
/**
 * The canvas, the banners floating over its top edge (a fit leaves them free:
 * `data-covers-canvas`, diagram-session.ts) and, at each edge of what is visible with more of
 * the diagram beyond it, a hint: a shade and an arrow (decorative for the
 * pointer, named for a screen reader).
 */
export function renderCanvasArea(
  phase: string,
  preview: Element | null,
  banners: unknown,
  view: CanvasView,
): unknown {
  const hints = phase === 'ready' ? edges.filter((edge) => view.beyond[edge]) : [];
  return html`<div class="editor-canvas-wrap">
    <div class="editor-overlays" data-testid="editor-overlays" data-covers-canvas>${banners}</div>
    ${
      preview
        ? html`<div class="editor-preview" data-testid="editor-preview" aria-label=${t('editor.preview')}>
            ${preview}
          </div>`
        : nothing
    }
    <div
      class="editor-canvas ${phase === 'ready' ? '' : 'editor-canvas-loading'}"
      data-testid="bpmn-canvas"
      aria-label=${t('editor.canvas')}
    ></div>
    ${hints.map(
      (edge) =>
        html`<div
          class="editor-edge-hint"
          data-edge=${edge}
          data-testid="editor-edge-hint"
          role="img"
          aria-label=${t(`canvasView.more.${edge}`)}
          ${cssomStyle(edge === 'left' ? { left: `${view.covered.left}px` } : edge === 'top' ? { top: `${view.covered.top}px` } : {})}
        ></div>`,
    )}
  </div>`;
}

const edges = ['left', 'top', 'right', 'bottom'] as const;
