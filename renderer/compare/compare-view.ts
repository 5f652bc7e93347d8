import { html, nothing } from 'lit';
import type { HistoryEntry } from '../../shared/domain/editor.ts';
import { formatDate, stateLabel } from '../base/element-format.ts';
import { t, tError } from '../i18n/locale-controller.ts';
import { toErrorData } from '../base/light-element.ts';
import { ClientElement } from '../base/client-element.ts';
import { formatRoute, navigateEvent } from '../base/routes.ts';
import { defaultPair, grouped, isAvailable, uniqueLabels } from './history-entries.ts';
import { notKeptSummary, renderNotKeptList } from '../verify/not-kept.ts';
import './diff-view.ts';

type EditorCulture = 1031 | 1033 | 3082;
type Pick = 'older' | 'newer';

/** The entry's kind as its first words: "Version 1.2 (current) · In process", "Sent by Lanes · version 1.2", … */
function kindPart(entry: HistoryEntry): string[] {
  const version = entry.versionLabel ? t('compare.entry.version', { version: entry.versionLabel }) : '';
  switch (entry.kind) {
    case 'server':
      return [
        entry.versionLabel
          ? t(entry.current ? 'compare.entry.serverCurrent' : 'compare.entry.server', {
              version: entry.versionLabel,
            })
          : t('compare.entry.serverUnlabelled'),
        entry.state ? stateLabel(entry.state) : '',
      ];
    default:
      return [t(`compare.entry.${entry.kind}`), version];
  }
}

/** When: the service's change time ("changed …"), a diagram seen before the version changed again ("as seen …"). */
function timePart(entry: HistoryEntry): string {
  if (entry.kind === 'server' && entry.seenBeforeChange)
    return t('compare.entry.asSeen', { date: formatDate(entry.seenBeforeChange) });
  if (entry.kind === 'draft') return t('compare.entry.saved', { date: formatDate(entry.seenAt) });
  if (entry.kind === 'published') return t('compare.entry.sent', { date: formatDate(entry.seenAt) });
  if (entry.kind === 'replaced') return t('compare.entry.replacedAt', { date: formatDate(entry.seenAt) });
  return formatDate(entry.changedOn ?? entry.seenAt);
}

function entryLabel(entry: HistoryEntry): string {
  return [...kindPart(entry), timePart(entry)].filter(Boolean).join(' · ');
}

/**
 * `#/compare/{facet}/{view}/{id}`: any two versions of a process diagram
 * Lanes has seen (server snapshots, the draft and its base), side by side.
 */
class CompareView extends ClientElement {
  static override properties = {
    facet: { attribute: false },
    view: { attribute: false },
    elementId: { attribute: false },
    culture: { attribute: false },
    entries: { state: true },
    picked: { state: true },
    xml: { state: true },
    failure: { state: true },
    restoreFailure: { state: true },
    restoring: { state: true },
  };
  declare facet: string;
  declare view: string;
  declare elementId: string;
  declare culture: number;
  /** null while the history loads. */
  declare entries: HistoryEntry[] | null;
  declare picked: Record<Pick, string> | null;
  declare xml: Record<Pick, string> | null;
  declare failure: string | null;
  /** Why "Restore into a draft" did not happen (a draft exists, no server copy). */
  declare restoreFailure: string | null;
  declare restoring: boolean;
  readonly #xmlByKey = new Map<string, Promise<string>>();
  #request = 0;

  constructor() {
    super();
    this.facet = '';
    this.view = '';
    this.elementId = '';
    this.culture = 1033;
    this.entries = null;
    this.picked = null;
    this.xml = null;
    this.failure = null;
    this.restoreFailure = null;
    this.restoring = false;
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (!this.hasUpdated || changed.has('elementId') || changed.has('culture')) void this.#loadHistory();
  }

  get #key(): { id: string; culture: EditorCulture } {
    return { id: this.elementId, culture: this.culture as EditorCulture };
  }

  /** Each entry's label in the current UI language, told apart where two would read the same. */
  get #labels(): Map<string, string> {
    const entries = this.entries ?? [];
    const labels = uniqueLabels(entries.map(entryLabel));
    return new Map(entries.map((entry, i) => [entry.key, labels[i]!]));
  }

  async #loadHistory(): Promise<void> {
    if (!this.elementId) return;
    const request = ++this.#request;
    this.#xmlByKey.clear();
    this.entries = null;
    this.picked = null;
    this.xml = null;
    this.failure = null;
    try {
      const entries = await this.client.request('editor.history', {
        ...this.#key,
        ...(this.facet && this.view && this.view !== '*' ? { facet: this.facet, view: this.view } : {}),
      });
      if (request !== this.#request) return;
      this.entries = entries;
      this.picked = defaultPair(entries);
      if (this.picked) void this.#loadPicked();
    } catch (error) {
      if (request !== this.#request) return;
      this.entries = [];
      this.failure = tError(toErrorData(error));
      this.reportError(error);
    }
  }

  #xmlOf(key: string): Promise<string> {
    let xml = this.#xmlByKey.get(key);
    if (!xml) {
      xml = this.client.request('editor.historyXml', { ...this.#key, key }).then((answer) => answer.xml);
      // A failed load is not remembered: picking the entry again retries.
      xml.catch(() => this.#xmlByKey.delete(key));
      this.#xmlByKey.set(key, xml);
    }
    return xml;
  }

  async #loadPicked(): Promise<void> {
    const picked = this.picked;
    if (!picked || picked.older === picked.newer) return;
    const request = this.#request;
    this.xml = null;
    try {
      const [older, newer] = await Promise.all([this.#xmlOf(picked.older), this.#xmlOf(picked.newer)]);
      if (request !== this.#request || picked !== this.picked) return;
      this.xml = { older, newer };
    } catch (error) {
      if (request === this.#request) this.reportError(error);
    }
  }

  #pick(side: Pick, key: string): void {
    if (!this.picked) return;
    this.picked = { ...this.picked, [side]: key };
    void this.#loadPicked();
  }

  /** The older side's diagram becomes the draft; the editor then opens it to be checked and published. */
  async #restore(key: string): Promise<void> {
    if (this.restoring) return;
    this.restoring = true;
    this.restoreFailure = null;
    try {
      const place = await this.client.request('editor.restoreVersion', {
        ...this.#key,
        key,
        ...(this.facet && this.view && this.view !== '*' ? { facet: this.facet, view: this.view } : {}),
      });
      this.dispatchEvent(
        navigateEvent({ name: 'edit', facet: place.facet, view: place.view, id: this.elementId }),
      );
    } catch (error) {
      this.restoreFailure = tError(toErrorData(error));
    } finally {
      this.restoring = false;
    }
  }

  /** An entry worth bringing back: not the draft itself, its base or the current version. */
  #restorable(key: string): HistoryEntry | undefined {
    const entry = (this.entries ?? []).find((candidate) => candidate.key === key);
    if (!entry || !isAvailable(entry) || entry.kind === 'draft' || entry.kind === 'base') return undefined;
    return entry.kind === 'server' && entry.current ? undefined : entry;
  }

  #renderRestore(older: string): unknown {
    const entry = this.#restorable(older);
    if (!entry) return nothing;
    return html`<div class="compare-restore">
      <button
        type="button"
        data-testid="compare-restore"
        aria-describedby="compare-restore-hint"
        aria-disabled=${this.restoring ? 'true' : 'false'}
        @click=${() => void this.#restore(entry.key)}
      >
        ${t('compare.restore')}
      </button>
      <span id="compare-restore-hint" class="muted">${t('compare.restore.hint')}</span>
      ${
        this.restoreFailure
          ? html`<p class="inline-error" role="alert" data-testid="compare-restore-failed">
              ${this.restoreFailure}
            </p>`
          : nothing
      }
    </div>`;
  }

  #swap(): void {
    if (!this.picked) return;
    this.picked = { older: this.picked.newer, newer: this.picked.older };
    void this.#loadPicked();
  }

  #labelOf(key: string): string {
    return this.#labels.get(key) ?? key;
  }

  protected override render(): unknown {
    const back = formatRoute({ name: 'element', facet: this.facet, view: this.view, id: this.elementId });
    return html`<section class="compare-page" aria-labelledby="compare-heading" data-testid="compare-view">
      <header>
        <h2 id="compare-heading">${t('compare.heading')}</h2>
        <a href=${back} data-testid="compare-back">${t('compare.backToElement')}</a>
      </header>
      ${this.#renderBody()}
    </section>`;
  }

  #renderBody(): unknown {
    if (this.entries === null) return html`<p class="muted" role="status">${t('compare.loading')}</p>`;
    if (this.failure) return html`<p class="inline-error" role="alert">${this.failure}</p>`;
    if (!this.picked)
      return html`<div class="compare-empty" data-testid="compare-empty">
        <h3>${t('compare.empty.heading')}</h3>
        <p>${t('compare.empty.body')}</p>
      </div>`;
    const { older, newer } = this.picked;
    return html`<div class="compare-pickers">
        ${this.#renderPicker('older', older)} ${this.#renderPicker('newer', newer)}
        <button type="button" data-testid="compare-swap" @click=${() => this.#swap()}>
          ${t('compare.swap')}
        </button>
      </div>
      ${
        (this.entries ?? []).some((entry) => !isAvailable(entry))
          ? html`<p class="muted" data-testid="compare-unseen-note">${t('compare.unseenNote')}</p>`
          : nothing
      }
      ${this.#renderRestore(older)} ${this.#renderNotKept(older, newer)}
      ${
        older === newer
          ? html`<p role="status" data-testid="compare-same">${t('compare.sameEntry')}</p>`
          : this.xml
            ? html`<lanes-diff-view
                .olderXml=${this.xml.older}
                .newerXml=${this.xml.newer}
                .olderLabel=${this.#labelOf(older)}
                .newerLabel=${this.#labelOf(newer)}
              ></lanes-diff-view>`
            : html`<p class="muted" role="status">${t('compare.loadingVersions')}</p>`
      }`;
  }

  /** A sent version the service did not keep whole: what it lost, next to the diagrams that show it. */
  #renderNotKept(older: string, newer: string): unknown {
    const sent = (this.entries ?? []).find(
      (entry) => (entry.key === older || entry.key === newer) && entry.kind === 'published',
    );
    const lost = sent?.notKept ?? [];
    if (lost.length === 0) return nothing;
    return html`<section
      class="compare-not-kept"
      data-testid="compare-not-kept"
      aria-labelledby="not-kept-heading"
    >
      <h3 id="not-kept-heading">${t('verify.listLabel')}: ${notKeptSummary(lost)}</h3>
      ${renderNotKeptList(lost)}
    </section>`;
  }

  #renderPicker(side: Pick, selected: string): unknown {
    const labels = this.#labels;
    return html`<label>
      ${t(side === 'older' ? 'compare.older' : 'compare.newer')}
      <select
        data-testid="compare-pick-${side}"
        @change=${(event: Event) => this.#pick(side, (event.target as HTMLSelectElement).value)}
      >
        ${grouped(this.entries ?? []).map(
          ([group, members]) =>
            html`<optgroup label=${t(`compare.group.${group}`)} data-group=${group}>
              ${members.map(
                (entry) =>
                  html`<option
                    value=${entry.key}
                    ?selected=${entry.key === selected}
                    ?disabled=${!isAvailable(entry)}
                    data-entry-kind=${entry.kind}
                    data-current=${entry.current ? 'true' : 'false'}
                  >
                    ${labels.get(entry.key) ?? entry.key}
                  </option>`,
              )}
            </optgroup>`,
        )}
      </select>
    </label>`;
  }
}
customElements.define('lanes-compare-view', CompareView);
