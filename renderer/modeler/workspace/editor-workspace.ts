import { html } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { EditorTarget } from '../../../shared/domain/editor.ts';
import type { TabCommandId, WorkspaceCommandId } from '../../../shared/domain/editor-actions.ts';
import { t } from '../../i18n/locale-controller.ts';
import { ClientElement } from '../../base/client-element.ts';
import { navigateEvent, type Route } from '../../base/routes.ts';
import type { EditorTab, TabStatus } from '../tab/editor-tab.ts';
import {
  activateTab,
  closeTab,
  neighbourTab,
  noTabs,
  openTab,
  rekeyTab,
  tabKey,
  takeLastClosed,
  type EditorTabsState,
  type TabSource,
} from '../tab/editor-tabs.ts';
import { LinkNavigation } from '../tab/landscape-links/link-navigation.ts';
import { OPEN_LINKED_PROCESS_EVENT, type OpenLinkedProcess } from '../tab/landscape-links/link-trail.ts';
import type { TrailStep } from '../tab/landscape-links/trail-state.ts';
import { prepareSpareModeler } from '../canvas/spare-modeler.ts';
import { newDiagramXml } from './new-diagram.ts';
import { WorkspaceFiles } from './workspace-files.ts';
import '../tab/editor-dialog.ts';
import '../tab/editor-tab.ts';
import './editor-tab-strip.ts';
import './recent-files-list.ts';
import './modeler.css';

type Culture = EditorTarget['culture'];
const cultures: readonly number[] = [1031, 1033, 3082];

/**
 * All open diagrams, as tabs. The shell keeps this element alive on every
 * route (hidden elsewhere), so tabs, undo history and unsaved changes
 * survive a look at the landscape.
 */
export class EditorWorkspace extends ClientElement {
  static override properties = {
    culture: { attribute: false },
    route: { attribute: false },
    tabs: { state: true },
    statuses: { state: true },
    closing: { state: true },
  };
  declare culture: number;
  declare route: Route;
  declare tabs: EditorTabsState;
  declare statuses: ReadonlyMap<string, TabStatus>;
  /** The dirty tab whose close waits for an answer. */
  declare closing: string | null;
  #unsaved = 0;
  /** What main last heard about open tabs, for the menu's enabled items. */
  #menuTabOpen: boolean | undefined;
  /** Local files into tabs: the Open dialog, recents, reopening, files from the OS. */
  readonly #files = new WorkspaceFiles({
    client: () => this.client,
    showFile: (source, { toEditor }) => {
      this.tabs = openTab(this.tabs, { key: tabKey(source), source });
      if (toEditor) this.dispatchEvent(navigateEvent({ name: 'editor' }));
    },
    reportError: (error) => this.reportError(error),
  });
  /** Tabs opened through a call activity, and where from (the breadcrumb). */
  readonly #links = new LinkNavigation();

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
    this.addEventListener(OPEN_LINKED_PROCESS_EVENT, (event) =>
      this.#openLinked((event as CustomEvent<OpenLinkedProcess>).detail),
    );
  }

  /** A call activity's linked process, in its own tab, remembering the tab it was opened from. */
  #openLinked(link: OpenLinkedProcess): void {
    const culture = (cultures.includes(this.culture) ? this.culture : 1033) as Culture;
    const entry = this.#links.follow(link, this.tabs, (key) => this.statuses.get(key)?.title, culture);
    this.tabs = openTab(this.tabs, entry);
    this.#select(entry.key);
  }

  /** Back along the breadcrumb: the parent tab, opened again if it was closed. */
  #back(step: TrailStep): void {
    if (!this.tabs.tabs.some((tab) => tab.key === step.key))
      this.tabs = openTab(this.tabs, { key: step.key, source: step.source });
    this.#select(step.key);
  }

  readonly #onBeforeUnload = (event: BeforeUnloadEvent): void => {
    if (!this.#tabElements().some((tab) => tab.unsettled)) return;
    // Electron shows its own native question for this; browsers show theirs.
    event.preventDefault();
    event.returnValue = t('editor.unload');
  };

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('beforeunload', this.#onBeforeUnload);
    this.#files.followOsOpens();
    // The first tab's Modeler, made while the app is idle (spare-modeler.ts).
    prepareSpareModeler();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('beforeunload', this.#onBeforeUnload);
    this.#files.stop();
  }

  /** A process opens from the service again; a file is read again, as it is now on disk. */
  async #reopenClosed(): Promise<void> {
    const { entry, state } = takeLastClosed(this.tabs);
    if (!entry) return;
    this.tabs = state;
    if (entry.source.kind === 'process') {
      this.tabs = openTab(this.tabs, entry);
      this.#select(entry.key);
      return;
    }
    if (entry.source.path !== null) await this.#files.openPath(entry.source.path);
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('route') && this.route?.name === 'edit') {
      const culture = (cultures.includes(this.culture) ? this.culture : 1033) as Culture;
      const { facet, view, id } = this.route;
      const source: TabSource = { kind: 'process', target: { facet, view, id, culture } };
      const key = tabKey(source);
      this.tabs = openTab(this.tabs, { key, source });
      const select = this.route.select;
      // The tab exists once this render is done; it selects the element when its diagram is drawn.
      if (select)
        void this.updateComplete.then(() =>
          this.#tabElements()
            .find((tab) => tab.tabKey === key)
            ?.reveal(select),
        );
    }
    if (changed.has('route') && this.route?.name === 'editor' && this.route.newDiagram) {
      // Back/forward must not land on "new" again and make another diagram: the entry becomes #/editor.
      history.replaceState(history.state, '', '#/editor');
      this.#newDiagram();
    }
  }

  /** Whether a tab shows this process in this culture (a publish outcome then shows there). */
  shows(id: string, culture: number): boolean {
    return this.#tabElements().some((tab) => tab.shows(id, culture));
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

  /**
   * An action of the table (shared/domain/editor-actions.ts), from the menu
   * or a key: the workspace's own (new, open, the tab shortcuts of browsers
   * and IDEs), else the active tab's. Nothing while the close question waits.
   */
  runAction(action: WorkspaceCommandId | TabCommandId): void {
    if (this.closing !== null) return;
    const key = this.tabs.activeKey;
    switch (action) {
      case 'newDiagram':
        return this.#newDiagram();
      case 'openFile':
        return void this.#files.openDialog();
      case 'reopenTab':
        return void this.#reopenClosed();
      case 'nextTab':
      case 'previousTab': {
        const next = neighbourTab(this.tabs, action === 'nextTab' ? 1 : -1);
        if (next) this.#select(next);
        return;
      }
      case 'closeTab':
        if (key) void this.#requestClose(key);
        return;
      default:
        if (!key) return;
        // The menu acts on the diagram it names, so that diagram is shown (from the landscape, say).
        if (this.hidden) this.#select(key);
        this.#tabElements()
          .find((tab) => tab.tabKey === key)
          ?.runAction(action satisfies TabCommandId);
    }
  }

  protected override updated(): void {
    const tabOpen = this.tabs.tabs.length > 0;
    if (tabOpen === this.#menuTabOpen) return;
    this.#menuTabOpen = tabOpen;
    // Only the menu's greying-out depends on it; a failure leaves the menu as it was.
    this.client.request('menu.context', { tabOpen }).catch(() => (this.#menuTabOpen = undefined));
  }

  #newDiagram(): void {
    const name = t('editor.heading');
    const source: TabSource = { kind: 'file', path: null, name, xml: newDiagramXml(name), mtimeMs: null };
    this.tabs = openTab(this.tabs, { key: tabKey(source, ++this.#unsaved), source });
    this.dispatchEvent(navigateEvent({ name: 'editor' }));
  }

  async #requestClose(key: string): Promise<void> {
    const element = this.#tabElements().find((tab) => tab.tabKey === key);
    // A save on its way decides first: failed, the tab is dirty again and the question is asked.
    await element?.settled();
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
      void this.#requestClose(key);
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
    return html`<lanes-editor-tab-strip
      .tabs=${this.tabs}
      .statuses=${this.statuses}
      @tab-select=${(event: CustomEvent<string>) => this.#select(event.detail)}
      @tab-close=${(event: CustomEvent<string>) => void this.#requestClose(event.detail)}
      @open-file=${() => void this.#files.openDialog()}
      @new-diagram=${() => this.#newDiagram()}
      @keydown=${(event: KeyboardEvent) => {
        const key = (event.target as HTMLElement).closest('[role=tab]')?.getAttribute('data-tab-key');
        if (key) this.#onTabKey(event, key);
      }}
    ></lanes-editor-tab-strip>`;
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
                  @click=${() => void this.#files.openDialog()}
                >
                  ${t('editor.openFile')}
                </button>
                <button type="button" data-testid="editor-new-diagram" @click=${() => this.#newDiagram()}>
                  ${t('editor.newDiagram')}
                </button>
              </p>
              <lanes-recent-files
                @recent-open=${(event: CustomEvent<string>) => void this.#files.openRecent(event.detail)}
              ></lanes-recent-files>
            </div>`
          : this.#renderTabStrip()
      }
      ${this.#links.render(
        this.tabs,
        (key) => this.statuses.get(key)?.title,
        (step) => this.#back(step),
      )}
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
            .tabKey=${entry.key}
            .source=${entry.source}
          ></lanes-editor-tab>`,
      )}
      ${this.#renderCloseDialog()}
    </section>`;
  }
}
customElements.define('lanes-editor-workspace', EditorWorkspace);
