import { html } from 'lit';
import { t } from '../i18n/locale-controller.ts';
import { LightElement } from '../shell/light-element.ts';
import { navigateEvent } from '../shell/routes.ts';

export class WelcomePanel extends LightElement {
  protected override render(): unknown {
    return html`<section class="panel" aria-labelledby="welcome-heading">
      <h2 id="welcome-heading">${t('welcome.heading')}</h2>
      <p>${t('welcome.body')}</p>
      <button type="button" class="primary" @click=${() => this.#newDiagram()}>
        ${t('welcome.newDiagram')}
      </button>
    </section>`;
  }

  #newDiagram(): void {
    this.dispatchEvent(navigateEvent({ name: 'editor' }));
  }
}
customElements.define('lanes-welcome-panel', WelcomePanel);
