import { html } from 'lit';
import type { AppInfo } from '../../shared/domain/app-info.ts';
import { t } from '../i18n/locale-controller.ts';
import { ClientElement } from '../base/client-element.ts';

/** Shows what main reports about itself: version, data folder, runtimes. */
class AboutPanel extends ClientElement {
  static override properties = { info: { state: true } };
  declare info: AppInfo | undefined;

  protected override firstUpdated(): void {
    void this.#load();
  }

  async #load(): Promise<void> {
    try {
      this.info = await this.client.request('app.info', {});
    } catch (error) {
      this.reportError(error);
    }
  }

  protected override render(): unknown {
    const info = this.info;
    return html`<section class="panel" aria-labelledby="about-heading">
      <h2 id="about-heading">${t('about.heading')}</h2>
      ${
        info
          ? html`<dl class="facts">
              <dt>${t('about.version')}</dt>
              <dd data-testid="app-version">${info.version}</dd>
              <dt>${t('about.dataDir')}</dt>
              <dd data-testid="data-dir">${info.dataDir}</dd>
              <dt>${t('about.transport')}</dt>
              <dd data-testid="transport">${t(`about.transport.${info.transport}`)}</dd>
              <dt>${t('about.node')}</dt>
              <dd>${info.runtime.node}</dd>
              <dt>${t('about.electron')}</dt>
              <dd>${info.runtime.electron ?? t('about.notAvailable')}</dd>
              <dt>${t('about.chrome')}</dt>
              <dd>${info.runtime.chrome ?? t('about.notAvailable')}</dd>
              <dt>${t('about.platform')}</dt>
              <dd>${info.runtime.platform} ${info.runtime.arch}</dd>
            </dl>`
          : html`<p>${t('about.loading')}</p>`
      }
    </section>`;
  }
}
customElements.define('lanes-about-panel', AboutPanel);
