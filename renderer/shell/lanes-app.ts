import { html } from 'lit';
import { contentCultures, uiLanguages, type Settings } from '../../shared/domain/settings.ts';
import type { LanesErrorData } from '../../shared/ipc/errors.ts';
import { connectToMain, type LanesClient } from '../bridge/lanes-client.ts';
import { setUiLanguage, t } from '../i18n/locale-controller.ts';
import { LightElement, toErrorData } from './light-element.ts';
import type { Notice } from './notification-area.ts';
import './notification-area.ts';
import './sync-status.ts';
import '../welcome/welcome-panel.ts';
import '../about/about-panel.ts';
import '../modeler/bpmn-editor.ts';

type View = 'welcome' | 'editor' | 'about';
const views: readonly View[] = ['welcome', 'editor', 'about'];
const navLabels = { welcome: 'nav.welcome', editor: 'nav.newDiagram', about: 'nav.about' } as const;

/** The app shell: header, side navigation, main area, status bar, messages. */
export class LanesApp extends LightElement {
  static override properties = {
    view: { state: true },
    settings: { state: true },
    notices: { state: true },
  };
  declare view: View;
  declare settings: Settings | undefined;
  declare notices: Notice[];
  #client: LanesClient | undefined;
  #nextNoticeId = 1;
  #unsubscribe: (() => void) | undefined;

  constructor() {
    super();
    this.view = 'welcome';
    this.notices = [];
    this.addEventListener('lanes-error', (event) =>
      this.#showError((event as CustomEvent<LanesErrorData>).detail),
    );
    this.addEventListener('notice-dismissed', (event) => {
      const id = (event as CustomEvent<number>).detail;
      this.notices = this.notices.filter((notice) => notice.id !== id);
    });
    this.addEventListener('navigate', (event) => (this.view = (event as CustomEvent<View>).detail));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    try {
      this.#client = connectToMain();
    } catch (error) {
      this.#showError(toErrorData(error));
      return;
    }
    this.#unsubscribe = this.#client.on('settings.changed', (settings) => this.#applySettings(settings));
    this.#client.request('settings.get', {}).then(
      (settings) => this.#applySettings(settings),
      (error: unknown) => this.#showError(toErrorData(error)),
    );
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unsubscribe?.();
  }

  #applySettings(settings: Settings): void {
    this.settings = settings;
    setUiLanguage(settings.uiLanguage);
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
    return html`<div class="shell">
      <header class="shell-header">
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
        <ul>
          ${views.map(
            (view) =>
              html`<li>
                <button
                  type="button"
                  data-view=${view}
                  aria-current=${this.view === view ? 'page' : 'false'}
                  @click=${() => (this.view = view)}
                >
                  ${t(navLabels[view])}
                </button>
              </li>`,
          )}
        </ul>
      </nav>
      <main class="shell-main">${this.#renderView()}</main>
      <lanes-notification-area class="shell-notices" .notices=${this.notices}></lanes-notification-area>
      <footer class="shell-status" role="status" aria-label=${t('sync.label')}>
        <lanes-sync-status .client=${this.#client}></lanes-sync-status>
      </footer>
    </div>`;
  }

  #renderView(): unknown {
    switch (this.view) {
      case 'editor':
        return html`<lanes-bpmn-editor></lanes-bpmn-editor>`;
      case 'about':
        return html`<lanes-about-panel .client=${this.#client}></lanes-about-panel>`;
      default:
        return html`<lanes-welcome-panel></lanes-welcome-panel>`;
    }
  }
}
customElements.define('lanes-app', LanesApp);
