import { html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { EditorTarget } from '../../shared/domain/editor.ts';
import type { LanesClient } from '../bridge/lanes-client.ts';
import { t } from '../i18n/locale-controller.ts';
import { LightElement } from '../shell/light-element.ts';
import { navigateEvent, type Route } from '../shell/routes.ts';
import type { EditorTab, TabStatus } from './editor-tab.ts';
import {
  activateTab,
  closeTab,
  noTabs,
  openTab,
  rekeyTab,
  tabKey,
  type EditorTabsState,
  type TabSource,
} from './editor-tabs.ts';
import { newDiagramXml } from './new-diagram.ts';
import './editor-dialog.ts';
import './editor-tab.ts';
import './modeler.css';

type Culture = EditorTarget['culture'];
const cultures: readonly number[] = [1031, 1033, 3082];

/**
 * All open diagrams, as tabs. The shell keeps this element alive on every
 * route (hidden elsewhere), so tabs, undo history and unsaved changes
 * survive a look at the landscape.
 */
export class EditorWorkspace extends LightElement {
  static override properties = {
    client: { attribute: false },
    culture: { attribute: false },
    route: { attribute: false },
    tabs: { state: true },
    statuses: { state: true },
    closing: { state: true },
  };
  declare client: LanesClient | undefined;
  declare culture: number;
  declare route: Route;
  declare tabs: EditorTabsState;
  declare statuses: ReadonlyMap<string, TabStatus>;
  /** The dirty tab whose close waits for an answer. */
  declare closing: string | null;
  #unsaved = 0;

  constructor() {
    super();
    this.tabs = noTabs;
    this.statuses = new Map();
    this.closing = null;
    this.culture = 1033;
    this.addEventListener('tab-status', (event) => {
      const status = (event as CustomEvent<TabStatus>).detail;
      this.statuses = new Map(this.statuses).set(status.key, status);
    });
    this.addEventListener('tab-rekey', (event) => {
      const { key, source } = (event as CustomEvent<{ key: string; source: TabSource }>).detail;
      this.tabs = rekeyTab(this.tabs, key, source);
    });
  }

  readonly #onBeforeUnload = (event: BeforeUnloadEvent): void => {
    if (!this.#tabElements().some((tab) => tab.dirty)) return;
    // Electron shows its own native question for this; browsers show theirs.
    event.preventDefault();
    event.returnValue = t('editor.unload');
  };

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('beforeunload', this.#onBeforeUnload);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('beforeunload', this.#onBeforeUnload);
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('route') && this.route?.name === 'edit') {
      const culture = (cultures.includes(this.culture) ? this.culture : 1033) as Culture;
      const { facet, view, id } = this.route;
      const source: TabSource = { kind: 'process', target: { facet, view, id, culture } };
      this.tabs = openTab(this.tabs, { key: tabKey(source), source });
    }
    if (changed.has('route') && this.route?.name === 'editor' && this.route.newDiagram) {
      // Back/forward must not land on "new" again and make another diagram: the entry becomes #/editor.
      history.replaceState(history.state, '', '#/editor');
      this.#newDiagram();
    }
  }

  #tabElements(): EditorTab[] {
    return [...this.querySelectorAll<EditorTab>('lanes-editor-tab')];
  }

  #select(key: string): void {
    this.tabs = activateTab(this.tabs, key);
    const entry = this.tabs.tabs.find((tab) => tab.key === key);
    if (entry?.source.kind === 'process') {
      const { facet, view, id } = entry.source.target;
      this.dispatchEvent(navigateEvent({ name: 'edit', facet, view, id }));
    } else this.dispatchEvent(navigateEvent({ name: 'editor' }));
  }

  async #openFile(): Promise<void> {
    if (!this.client) return;
    try {
      const opened = await this.client.request('files.openBpmn', {});
      if (!opened) return;
      const source: TabSource = { kind: 'file', ...opened };
      this.tabs = openTab(this.tabs, { key: tabKey(source), source });
      this.dispatchEvent(navigateEvent({ name: 'editor' }));
    } catch (error) {
      this.reportError(error);
    }
  }

  #newDiagram(): void {
    const name = t('editor.heading');
    const source: TabSource = { kind: 'file', path: null, name, xml: newDiagramXml(name), mtimeMs: null };
    this.tabs = openTab(this.tabs, { key: tabKey(source, ++this.#unsaved), source });
    this.dispatchEvent(navigateEvent({ name: 'editor' }));
  }

  #requestClose(key: string): void {
    const element = this.#tabElements().find((tab) => tab.tabKey === key);
    if (element?.dirty) this.closing = key;
    else this.#close(key);
  }

  #close(key: string): void {
    this.closing = null;
    this.tabs = closeTab(this.tabs, key);
    const statuses = new Map(this.statuses);
    statuses.delete(key);
    this.statuses = statuses;
    if (this.tabs.activeKey) this.#select(this.tabs.activeKey);
    else this.dispatchEvent(navigateEvent({ name: 'editor' }));
  }

  async #answerClose(answer: 'save' | 'discard' | 'cancel'): Promise<void> {
    const key = this.closing;
    const element = this.#tabElements().find((tab) => tab.tabKey === key);
    if (!key || !element || answer === 'cancel') {
      this.closing = null;
      return;
    }
    if (answer === 'save') {
      // A failed save keeps the tab open: nothing is lost.
      if (await element.save()) this.#close(key);
      else this.closing = null;
      return;
    }
    await element.discardForClose();
    this.#close(key);
  }

  /** WAI-ARIA tabs: arrows move between tabs, Delete closes. */
  #onTabKey(event: KeyboardEvent, key: string): void {
    const keys = this.tabs.tabs.map((tab) => tab.key);
    const index = keys.indexOf(key);
    if (event.key === 'Delete') {
      event.preventDefault();
      this.#requestClose(key);
      return;
    }
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: keys.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = keys[(next + keys.length) % keys.length]!;
    this.#select(target);
    void this.updateComplete.then(() =>
      this.querySelector<HTMLElement>(`[role=tab][data-tab-key="${CSS.escape(target)}"]`)?.focus(),
    );
  }

  #renderTabStrip(): unknown {
    return html`<div class="editor-tabs" role="tablist" aria-label=${t('editor.workspace.label')}>
      ${this.tabs.tabs.map((entry) => {
        const status = this.statuses.get(entry.key);
        const selected = entry.key === this.tabs.activeKey;
        const title =
          status?.title ?? (entry.source.kind === 'file' ? entry.source.name : entry.source.target.id);
        return html`<span class="editor-tab-handle" data-testid="editor-tab" data-tab-key=${entry.key}
          ><button
            type="button"
            role="tab"
            id="editor-tab-${entry.key}"
            data-tab-key=${entry.key}
            data-testid="editor-tab-select"
            aria-selected=${selected ? 'true' : 'false'}
            tabindex=${selected ? '0' : '-1'}
            @click=${() => this.#select(entry.key)}
            @keydown=${(event: KeyboardEvent) => this.#onTabKey(event, entry.key)}
          >
            <span class="editor-tab-title">${title}</span>
            ${
              status?.dirty
                ? html`<span
                    class="editor-dirty"
                    data-testid="editor-dirty"
                    role="img"
                    aria-label=${t('editor.tab.dirty')}
                    title=${t('editor.tab.dirty')}
                    >•</span
                  >`
                : nothing
            }
            ${
              status?.badge
                ? html`<span class="editor-badge" data-testid="editor-badge" data-badge=${status.badge}
                    >${t(`editor.badge.${status.badge}`)}</span
                  >`
                : nothing
            }</button
          ><button
            type="button"
            class="editor-tab-close"
            data-testid="editor-tab-close"
            aria-label=${t('editor.tab.close', { name: title })}
            title=${t('editor.tab.close', { name: title })}
            @click=${() => this.#requestClose(entry.key)}
          >
            ×
          </button></span
        >`;
      })}
      <span class="spacer"></span>
      <button type="button" data-testid="editor-open-file" @click=${() => void this.#openFile()}>
        ${t('editor.openFile')}
      </button>
      <button type="button" data-testid="editor-new-diagram" @click=${() => this.#newDiagram()}>
        ${t('editor.newDiagram')}
      </button>
    </div>`;
  }

  #renderCloseDialog(): unknown {
    const key = this.closing;
    const entry = this.tabs.tabs.find((tab) => tab.key === key);
    const name = (key && this.statuses.get(key)?.title) || '';
    return html`<lanes-editor-dialog
      data-testid="editor-close-dialog"
      .open=${key !== null}
      .heading=${t('editor.close.heading', { name })}
      .body=${t('editor.close.body')}
      .buttons=${html`<button
          type="button"
          data-role="cancel"
          data-testid="editor-close-cancel"
          @click=${() => void this.#answerClose('cancel')}
        >
          ${t('editor.close.cancel')}
        </button>
        <button
          type="button"
          class="danger"
          data-testid="editor-close-discard"
          @click=${() => void this.#answerClose('discard')}
        >
          ${t('editor.close.discard')}
        </button>
        <button
          type="button"
          class="primary"
          data-testid="editor-close-save"
          @click=${() => void this.#answerClose('save')}
        >
          ${t(entry?.source.kind === 'file' ? 'editor.close.saveFile' : 'editor.close.saveDraft')}
        </button>`}
      @dialog-cancel=${() => void this.#answerClose('cancel')}
    ></lanes-editor-dialog>`;
  }

  protected override render(): unknown {
    const empty = this.tabs.tabs.length === 0;
    return html`<section class="editor-workspace" data-testid="editor-workspace">
      ${
        empty
          ? html`<div class="editor-empty" data-testid="editor-empty">
              <h2>${t('editor.empty.heading')}</h2>
              <p>${t('editor.empty.body')}</p>
              <p class="editor-empty-actions">
                <button
                  type="button"
                  class="primary"
                  data-testid="editor-open-file"
                  @click=${() => void this.#openFile()}
                >
                  ${t('editor.openFile')}
                </button>
                <button type="button" data-testid="editor-new-diagram" @click=${() => this.#newDiagram()}>
                  ${t('editor.newDiagram')}
                </button>
              </p>
            </div>`
          : this.#renderTabStrip()
      }
      ${repeat(
        this.tabs.tabs,
        (entry) => entry.renderKey ?? entry.key,
        (entry) =>
          html`<lanes-editor-tab
            role="tabpanel"
            aria-labelledby="editor-tab-${entry.key}"
            data-testid="editor-tab-content"
            data-tab-key=${entry.key}
            ?hidden=${entry.key !== this.tabs.activeKey}
            .active=${entry.key === this.tabs.activeKey}
            .client=${this.client}
            .tabKey=${entry.key}
            .source=${entry.source}
          ></lanes-editor-tab>`,
      )}
      ${this.#renderCloseDialog()}
    </section>`;
  }
}
customElements.define('lanes-editor-workspace', EditorWorkspace);
