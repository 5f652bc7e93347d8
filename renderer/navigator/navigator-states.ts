/**
 * What the navigator shows instead of data when something is missing: no
 * connection (with a way to the connections page), a view that was never
 * cached while offline, or any other failure in words, never a stack.
 */
import { html, nothing } from 'lit';
import type { LanesErrorData } from '../../shared/ipc/errors.ts';
import { t, tError } from '../i18n/locale-controller.ts';
import { navigateEvent } from '../base/routes.ts';

export function problemState(error: LanesErrorData, retry: (() => void) | null): unknown {
  if (error.code === 'workspace.notConnected') {
    return html`<div class="nav-empty" data-testid="nav-not-connected">
      <h3>${t('navigator.notConnected')}</h3>
      <p>${t('navigator.notConnectedHint')}</p>
      <button
        type="button"
        class="primary"
        @click=${(event: Event) => event.target?.dispatchEvent(navigateEvent({ name: 'profiles' }))}
      >
        ${t('navigator.toConnections')}
      </button>
    </div>`;
  }
  const notCached = error.code === 'cache.notCached';
  return html`<div
    class="nav-empty"
    data-testid=${notCached ? 'nav-not-cached' : 'nav-failed'}
    data-code=${error.code}
  >
    <h3>${notCached ? t('navigator.notCached') : t('navigator.failed')}</h3>
    <p>${notCached ? t('navigator.notCachedHint') : tError(error)}</p>
    ${retry ? html`<button type="button" @click=${retry}>${t('navigator.retry')}</button>` : nothing}
  </div>`;
}
