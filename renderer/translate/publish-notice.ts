/** What publishing a translation came to: on the service, queued, refused, and what was not kept or not sent. */
import { html, nothing } from 'lit';
import type { TranslationPublishResult } from '../../shared/domain/translation.ts';
import { t, tError } from '../i18n/locale-controller.ts';
import { notKeptSummary, renderNotKeptList } from '../verify/not-kept.ts';

export function renderPublishNotice(
  result: TranslationPublishResult,
  language: string,
  dismiss: () => void,
): unknown {
  const message =
    result.outcome === 'published'
      ? t('translate.published', { count: result.published, language })
      : result.outcome === 'queued'
        ? t('translate.queued')
        : result.outcome === 'nothing'
          ? t('translate.nothing')
          : t('translate.failed', { message: result.error ? tError(result.error) : '' });
  const notKept = result.notKept ?? [];
  return html`<div
    class="translate-notice translate-outcome"
    role=${result.outcome === 'failed' ? 'alert' : 'status'}
    data-testid="translate-outcome"
    data-outcome=${result.outcome}
  >
    <p>${message}</p>
    ${
      result.heldBack.length
        ? html`<p data-testid="translate-held-back">
            ${t('translate.heldBack', { count: result.heldBack.length })}
          </p>`
        : nothing
    }
    ${
      notKept.length
        ? html`<p>${t('verify.heading', { summary: notKeptSummary(notKept) })}</p>
            ${renderNotKeptList(notKept)}`
        : nothing
    }
    <button type="button" class="link-button" @click=${dismiss}>${t('notification.dismiss')}</button>
  </div>`;
}
