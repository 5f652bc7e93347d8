import { html, nothing } from 'lit';
import { contentCultures, uiLanguages } from '../../shared/domain/languages.ts';
import type { Settings } from '../../shared/domain/settings.ts';
import type { LanesErrorData } from '../../shared/ipc/errors.ts';
import { connectToMain, type LanesClient } from '../bridge/lanes-client.ts';
import { provideClient } from '../bridge/client-context.ts';
import { setUiLanguage, t } from '../i18n/locale-controller.ts';
import { LightElement, toErrorData } from '../base/light-element.ts';
import type { Notice } from './notification-area.ts';
import { formatRoute, isEditorRoute, parseRoute, type Route } from '../base/routes.ts';
import type { Freshness } from '../../shared/domain/workspace.ts';
import type { MenuCommand } from '../../shared/domain/menu-commands.ts';
import type { WorkspaceCommandId } from '../../shared/domain/editor-actions.ts';
import { followActionKeys } from './action-keys.ts';
import type { EditorWorkspace } from '../modeler/workspace/editor-workspace.ts';
import { cssomStyle } from '../base/cssom-style.ts';
import { icon } from '../base/icons.ts';
import { clampSize, renderSplitter } from '../workbench/panel-splitter.ts';
import { setCanvasFullScreen } from '../workbench/canvas-full-screen.ts';
import { workbench } from '../workbench/workbench-store.ts';
import '../workbench/workbench.css';
import './notification-area.ts';
import './sync-status.ts';
import './update-notice.ts';
import { renderScreen, sectionOf, type Section } from './screens.ts';
import { lazyViews, renderLazy } from './lazy-views.ts';

const sections: readonly Section[] = ['home', 'browse', 'reports', 'profiles', 'editor', 'dataPool', 'about'];
const defaultNavWidth = 200;
const minNavWidth = 140;
const maxNavWidth = 400;
const navLabels = {
  home: 'nav.welcome',
  browse: 'nav.landscape',
  reports: 'reports.nav',
  profiles: 'nav.profiles',
  editor: 'nav.editor',
  dataPool: 'nav.dataPool',
  about: 'nav.about',
} as const;
/** The app shell: header, side navigation, main area, status bar, messages. */
class LanesApp extends LightElement {
  static override properties = {
    route: { state: true },
    settings: { state: true },
    notices: { state: true },
    freshness: { state: true },
  };
  declare route: Route;
  declare settings: Settings | undefined;
  declare notices: Notice[];
  /** Where the current view's data came from, for the status bar. */
  declare freshness: Freshness | null;
  #client: LanesClient | undefined;
  #nextNoticeId = 1;
  #unsubscribe: (() => void)[] = [];
  /** The navigation's width while its handle is dragged (stored when it stops). */
  #navDragWidth: number | null = null;
  /**
   * Whether the editor workspace is drawn: from its first use on (or once the
   * app has settled after start), then on every route, so tabs outlive navigation.
   */
  #editorWanted = false;

  constructor() {
    super();
    this.route = parseRoute(location.hash);
    this.#editorWanted = isEditorRoute(this.route);
    this.notices = [];
    this.freshness = null;
    this.addEventListener('lanes-error', (event) =>
      this.#showError((event as CustomEvent<LanesErrorData>).detail),
    );
    this.addEventListener('notice-dismissed', (event) => {
      const id = (event as CustomEvent<number>).detail;
      this.notices = this.notices.filter((notice) => notice.id !== id);
    });
    this.addEventListener('navigate', (event) => this.#go((event as CustomEvent<Route>).detail));
    this.addEventListener('freshness', (event) => {
      this.freshness = (event as CustomEvent<Freshness | null>).detail;
    });
  }

  /** Where the landscape was last in this session: the Landscape button returns there. */
  #lastLandscape: Route = { name: 'browse' };

  readonly #onHashChange = (): void => {
    this.route = parseRoute(location.hash);
    if (isEditorRoute(this.route)) this.#wantEditor();
    // The full-screen canvas belongs to the editor; elsewhere the header and navigation are back.
    if (!isEditorRoute(this.route)) setCanvasFullScreen(false);
    if (this.route.name === 'browse' && this.route.facet) this.#lastLandscape = this.route;
    this.freshness = null;
  };

  /** Alt+Left/Right as in every browser and file manager. */
  readonly #onKeyDown = (event: KeyboardEvent): void => {
    if (!event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowLeft') history.back();
    else if (event.key === 'ArrowRight') history.forward();
    else return;
    event.preventDefault();
  };

  /** Every move goes through the hash, so history holds it for back/forward. */
  #go(route: Route): void {
    const hash = formatRoute(route);
    if (location.hash === hash) this.#onHashChange();
    else location.hash = hash;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('hashchange', this.#onHashChange);
    window.addEventListener('keydown', this.#onKeyDown);
    this.#unsubscribe.push(
      lazyViews.subscribe(() => this.requestUpdate()),
      followActionKeys({
        editorShown: () => isEditorRoute(this.route),
        run: (action) => void this.#onMenuCommand(action),
      }),
    );
    this.#warmEditorWhenSettled();
    if (!this.#client) {
      try {
        this.#client = connectToMain();
      } catch (error) {
        this.#showError(toErrorData(error));
        return;
      }
      // The one client every component below takes (ClientElement); its screens are drawn only from now on.
      provideClient(this, this.#client);
      workbench.connect(this.#client);
    }
    this.#unsubscribe.push(
      this.#client.on('settings.changed', (settings) => this.#applySettings(settings)),
      this.#client.on('menu.command', ({ command }) => void this.#onMenuCommand(command)),
      // Files from the OS open in the workspace, which takes them once it is drawn.
      this.#client.on('files.osOpensWaiting', () => this.#wantEditor()),
      // A publish no open tab shows (sent by a sync, the command line, the conflict view) is said here.
      this.#client.on('editor.published', (published) => {
        const workspace = this.querySelector<EditorWorkspace>('lanes-editor-workspace');
        if (workspace?.shows(published.id, published.culture)) return;
        this.notices = [...this.notices, { id: this.#nextNoticeId++, published }];
      }),
      workbench.subscribe(() => this.requestUpdate()),
    );
    this.#client.request('settings.get', {}).then(
      (settings) => this.#applySettings(settings),
      (error: unknown) => this.#showError(toErrorData(error)),
    );
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('hashchange', this.#onHashChange);
    window.removeEventListener('keydown', this.#onKeyDown);
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    this.#unsubscribe = [];
  }

  /**
   * The application menu and the action keys: About is a place of the
   * shell; everything else belongs to the editor's workspace and its tabs.
   */
  async #onMenuCommand(command: MenuCommand | WorkspaceCommandId): Promise<void> {
    if (command === 'showAbout') return this.#go({ name: 'about' });
    this.#wantEditor();
    if (!(await lazyViews.load('editor'))) return this.#go({ name: 'editor' });
    await this.updateComplete;
    this.querySelector<EditorWorkspace>('lanes-editor-workspace')?.runAction(command);
  }

  #wantEditor(): void {
    if (this.#editorWanted) return;
    this.#editorWanted = true;
    void lazyViews.load('editor');
    this.requestUpdate();
  }

  /**
   * The editor's chunk is loaded, and its workspace drawn (hidden), about a
   * second after the page has loaded, when the browser is idle: the first
   * open is quicker then, and files handed over on the command line (waiting
   * in main since before the page existed) open without a visit to the editor.
   */
  #warmEditorWhenSettled(): void {
    const warm = (): void => void setTimeout(() => requestIdleCallback(() => this.#wantEditor()), 1000);
    if (document.readyState === 'complete') warm();
    else window.addEventListener('load', warm, { once: true });
  }

  #applySettings(settings: Settings): void {
    this.settings = settings;
    setUiLanguage(settings.uiLanguage);
    workbench.apply(settings.workbench);
  }

  #showError(error: LanesErrorData): void {
    this.notices = [...this.notices, { id: this.#nextNoticeId++, error }];
  }

  /** The raw select value goes to main unchecked: main validates every request. */
  async #updateSetting(key: keyof Settings, raw: string): Promise<void> {
    if (!this.#client) return;
    const value = key === 'contentCulture' ? Number(raw) : raw;
    try {
      await this.#client.request('settings.update', { [key]: value } as never);
    } catch (error) {
      this.#showError(toErrorData(error));
      this.requestUpdate();
    }
  }

  protected override render(): unknown {
    const settings = this.settings;
    const navCollapsed = workbench.current.navigationCollapsed === true;
    const navWidth = clampSize(
      this.#navDragWidth ?? workbench.current.navigationWidth ?? defaultNavWidth,
      minNavWidth,
      maxNavWidth,
    );
    return html`<div
      class="shell ${navCollapsed ? 'shell-nav-collapsed' : ''}"
      ${cssomStyle({ '--lanes-nav-width': `${navWidth}px` })}
    >
      <header class="shell-header">
        <span class="history-buttons">
          <button
            type="button"
            class="icon-button"
            aria-label=${t('nav.back')}
            title=${t('nav.backHint')}
            data-testid="nav-back"
            @click=${() => history.back()}
          >
            ←
          </button>
          <button
            type="button"
            class="icon-button"
            aria-label=${t('nav.forward')}
            title=${t('nav.forwardHint')}
            data-testid="nav-forward"
            @click=${() => history.forward()}
          >
            →
          </button>
        </span>
        <h1 class="app-title">${t('app.title')}</h1>
        <span class="muted tagline">${t('app.tagline')}</span>
        <span class="spacer"></span>
        <label
          >${t('header.uiLanguage')}
          <select
            data-testid="ui-language"
            .value=${settings?.uiLanguage ?? 'en'}
            @change=${(e: Event) => this.#updateSetting('uiLanguage', (e.target as HTMLSelectElement).value)}
          >
            ${uiLanguages.map(
              (lang) =>
                html`<option value=${lang} ?selected=${settings?.uiLanguage === lang}>
                  ${t(`language.${lang}`)}
                </option>`,
            )}
          </select></label
        >
        <label
          >${t('header.contentCulture')}
          <select
            data-testid="content-culture"
            @change=${(e: Event) => this.#updateSetting('contentCulture', (e.target as HTMLSelectElement).value)}
          >
            ${contentCultures.map(
              (lcid) =>
                html`<option value=${String(lcid)} ?selected=${settings?.contentCulture === lcid}>
                  ${t(`culture.${lcid}`)}
                </option>`,
            )}
          </select></label
        >
      </header>
      <nav class="shell-nav" aria-label=${t('nav.label')}>
        <button
          type="button"
          class="shell-nav-toggle"
          data-testid="nav-collapse"
          aria-expanded=${navCollapsed ? 'false' : 'true'}
          aria-label=${t(navCollapsed ? 'workbench.navigationExpand' : 'workbench.navigationCollapse')}
          title=${t(navCollapsed ? 'workbench.navigationExpand' : 'workbench.navigationCollapse')}
          @click=${() => workbench.update({ navigationCollapsed: !navCollapsed })}
        >
          ${icon('navigation')}
        </button>
        <ul ?hidden=${navCollapsed}>
          ${sections.map(
            (section) =>
              html`<li>
                <button
                  type="button"
                  data-view=${section}
                  aria-current=${sectionOf(this.route) === section ? 'page' : 'false'}
                  @click=${() => this.#go(section === 'browse' ? this.#lastLandscape : { name: section })}
                >
                  ${t(navLabels[section])}
                </button>
              </li>`,
          )}
        </ul>
        ${
          navCollapsed
            ? nothing
            : renderSplitter({
                testId: 'nav-resize',
                label: t('workbench.navigationResize'),
                orientation: 'vertical',
                size: navWidth,
                min: minNavWidth,
                max: maxNavWidth,
                growth: 1,
                onResize: (size, final) => {
                  this.#navDragWidth = final ? null : size;
                  if (final) workbench.update({ navigationWidth: size });
                  else this.requestUpdate();
                },
              })
        }
      </nav>
      <main class="shell-main">${this.#renderView()} ${this.#renderEditor(settings)}</main>
      <lanes-notification-area class="shell-notices" .notices=${this.notices}></lanes-notification-area>
      <footer class="shell-status" role="status" aria-label=${t('sync.label')}>
        ${
          this.#client
            ? html`<lanes-sync-status .freshness=${this.freshness}></lanes-sync-status>
                <lanes-update-notice></lanes-update-notice>`
            : nothing
        }
      </footer>
    </div>`;
  }

  /** The workspace once its chunk is loaded; on an editor route until then, the loading state or error. */
  #renderEditor(settings: Settings | undefined): unknown {
    if (!this.#editorWanted || !this.#client) return nothing;
    const onEditor = isEditorRoute(this.route);
    if (lazyViews.state('editor') !== 'ready' && !onEditor) return nothing;
    return renderLazy(
      'editor',
      () =>
        html`<lanes-editor-workspace
          ?hidden=${!onEditor}
          .culture=${settings?.contentCulture ?? 1033}
          .route=${this.route}
        ></lanes-editor-workspace>`,
    );
  }

  /** Without main (the page was not opened by Lanes) no screen can work: the message says why. */
  #renderView(): unknown {
    if (!this.#client) return nothing;
    return renderScreen(this.route, { culture: this.settings?.contentCulture ?? 1033 });
  }
}
customElements.define('lanes-app', LanesApp);
