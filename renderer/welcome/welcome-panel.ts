import { html, nothing } from 'lit';
import type { ProfileSummary } from '../../shared/domain/profiles.ts';
import { t } from '../i18n/locale-controller.ts';
import { ClientElement } from '../base/client-element.ts';
import { navigateEvent, type Route } from '../base/routes.ts';
import './welcome.css';

/** The profile "Try the demo tenant" saves (main/demo/demo-tenant.ts). */
const DEMO_PROFILE = 'Demo tenant';

/**
 * Home. On first run (no profile yet) it offers the demo tenant and adding a
 * connection; afterwards it names the current connection and leads to the landscape.
 */
class WelcomePanel extends ClientElement {
  static override properties = {
    profiles: { state: true },
    startingDemo: { state: true },
  };
  declare profiles: ProfileSummary[] | undefined;
  declare startingDemo: boolean;

  constructor() {
    super();
    this.startingDemo = false;
  }

  protected override firstUpdated(): void {
    this.client.request('profiles.list', {}).then(
      (profiles) => (this.profiles = profiles),
      (error: unknown) => this.reportError(error),
    );
  }

  #go(route: Route): void {
    this.dispatchEvent(navigateEvent(route));
  }

  async #startDemo(): Promise<void> {
    if (this.startingDemo) return;
    this.startingDemo = true;
    try {
      this.profiles = await this.client.request('demo.start', {});
      this.#go({ name: 'browse' });
    } catch (error) {
      this.reportError(error);
    } finally {
      this.startingDemo = false;
    }
  }

  #demoButton(primary: boolean, label: string): unknown {
    // aria-disabled rather than disabled: the button keeps focus while the demo starts.
    return html`<button
      type="button"
      class=${primary ? 'primary' : ''}
      data-testid="try-demo"
      aria-disabled=${this.startingDemo ? 'true' : 'false'}
      @click=${() => void this.#startDemo()}
    >
      ${this.startingDemo ? t('welcome.startingDemo') : label}
    </button>`;
  }

  #renderConnection(profiles: ProfileSummary[]): unknown {
    if (profiles.length === 0) {
      return html`<section class="welcome-connect" aria-labelledby="welcome-first-run">
        <h3 id="welcome-first-run">${t('welcome.firstRun.heading')}</h3>
        <p>${t('welcome.firstRun.body')}</p>
        <div class="welcome-actions">
          ${this.#demoButton(true, t('welcome.tryDemo'))}
          <button type="button" @click=${() => this.#go({ name: 'profiles' })}>
            ${t('welcome.addConnection')}
          </button>
        </div>
      </section>`;
    }
    const current = profiles.find((p) => p.current);
    // The demo emulator runs only while Lanes does: offer to start it again.
    const demoSaved = profiles.some((p) => p.name === DEMO_PROFILE);
    return html`<section class="welcome-connect" aria-labelledby="welcome-connection">
      <h3 id="welcome-connection" data-testid="welcome-connection">
        ${current ? t('welcome.connectedTo', { name: current.name }) : t('welcome.noCurrent')}
      </h3>
      <div class="welcome-actions">
        ${
          current
            ? html`<button type="button" class="primary" @click=${() => this.#go({ name: 'browse' })}>
                ${t('welcome.openLandscape')}
              </button>`
            : nothing
        }
        <button type="button" @click=${() => this.#go({ name: 'profiles' })}>
          ${t('welcome.manageConnections')}
        </button>
        ${demoSaved ? this.#demoButton(false, t('welcome.restartDemo')) : nothing}
      </div>
    </section>`;
  }

  protected override render(): unknown {
    return html`<section class="panel welcome-panel" aria-labelledby="welcome-heading">
      <h2 id="welcome-heading">${t('welcome.heading')}</h2>
      <p>${t('welcome.body')}</p>
      <p class="welcome-status" role="status">${this.startingDemo ? t('welcome.startingDemo') : ''}</p>
      ${this.profiles ? this.#renderConnection(this.profiles) : nothing}
      <div class="welcome-actions">
        <button type="button" @click=${() => this.#go({ name: 'editor', newDiagram: true })}>
          ${t('welcome.newDiagram')}
        </button>
      </div>
    </section>`;
  }
}
customElements.define('lanes-welcome-panel', WelcomePanel);
