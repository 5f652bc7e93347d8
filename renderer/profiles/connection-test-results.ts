import { html, nothing } from 'lit';
import type { ConnectionTest } from '../../shared/domain/profiles.ts';
import { t, tError } from '../i18n/locale-controller.ts';
import { LightElement } from '../base/light-element.ts';
import { describeTestResult, networkReasonKey, statusOf, type ResultText } from './connection-test-text.ts';

const statusLabel = {
  ok: 'profiles.result.ok',
  notConfigured: 'profiles.result.notConfigured',
  failed: 'profiles.result.failed',
} as const;

/** The outcome of "Test connection": one line per interface, with the precise failure. */
class ConnectionTestResults extends LightElement {
  static override properties = {
    profileName: { attribute: false },
    results: { attribute: false },
    running: { type: Boolean },
  };
  declare profileName: string;
  declare results: ConnectionTest | undefined;
  declare running: boolean;

  constructor() {
    super();
    this.profileName = '';
    this.running = false;
  }

  #sentence(text: ResultText): string {
    if ('text' in text) return text.text;
    if ('error' in text) return tError(text.error);
    if (text.key === 'profiles.result.unreachable') {
      const reasonKey = networkReasonKey(text.params.reason);
      return t(text.key, { ...text.params, ...(reasonKey ? { reason: t(reasonKey) } : {}) });
    }
    return t(text.key, text.params);
  }

  protected override render(): unknown {
    // The live region stays in the page, so the outcome is announced when it arrives.
    return html`<section
      class="test-results"
      aria-live="polite"
      aria-label=${t('profiles.testResults', { name: this.profileName })}
      data-testid="test-results"
    >
      ${this.running ? html`<p class="muted">${t('profiles.testing')}</p>` : nothing}
      ${
        !this.running && this.results
          ? html`<ul>
              ${this.results.map((result) => {
                const status = statusOf(result);
                const detail = status === 'failed' ? this.#sentence(describeTestResult(result)) : '';
                return html`<li class="test-result test-${status}" data-interface=${result.interface}>
                  <span class="test-interface">${t(`profiles.iface.${result.interface}`)}</span>
                  <span class="test-status"
                    ><span class="test-mark" aria-hidden="true"
                      >${status === 'ok' ? '✓' : status === 'failed' ? '✗' : '–'}</span
                    >
                    ${t(statusLabel[status])}</span
                  >
                  ${detail ? html`<span class="test-detail">${detail}</span>` : nothing}
                </li>`;
              })}
            </ul>`
          : nothing
      }
    </section>`;
  }
}
customElements.define('lanes-connection-test-results', ConnectionTestResults);
