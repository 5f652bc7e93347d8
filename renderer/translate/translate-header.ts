/**
 * The workbench's header: the languages, undo and redo, saving and publish;
 * the notices (offline, released, waiting, what publishing came to); and the
 * row filters with their counts and the search.
 */
import { html, nothing } from 'lit';
import type { TranslationPublishResult, TranslationSheet } from '../../shared/domain/translation.ts';
import { formatRoute, type TranslateFilter } from '../base/routes.ts';
import { stateLabel } from '../base/element-format.ts';
import { icon } from '../base/icons.ts';
import { formatDateTime } from '../i18n/dates.ts';
import { t, tError } from '../i18n/locale-controller.ts';
import { languageName, TRANSLATE_CULTURES } from './cultures.ts';
import { renderPublishNotice } from './publish-notice.ts';
import { renderExchangeButtons, type ExportChoice } from './exchange-view.ts';
import type { StateFilter, TranslationModel } from './translation-model.ts';

const FILTERS: readonly StateFilter[] = ['all', 'missing', 'same', 'outdated', 'done', 'changed'];

export interface HeaderView {
  sheet: TranslationSheet;
  model: TranslationModel;
  /** Rows the filter and search show. */
  shown: number;
  filter: TranslateFilter;
  search: string;
  saving: 'idle' | 'saving' | 'saved';
  publishing: boolean;
  outcome: TranslationPublishResult | null;
  go(changes: { source?: number; target?: number; state?: TranslateFilter }): void;
  undo(redo: boolean): void;
  publish(): void;
  dismissOutcome(): void;
  onSearch(text: string): void;
  /** What the last export or import came to, shown until dismissed. */
  exchangeMessage: string;
  onExport(choice: ExportChoice): void;
  onImport(): void;
  dismissExchange(): void;
}

export function renderHeader(view: HeaderView): unknown {
  const { sheet, model } = view;
  const languages = { source: languageName(sheet.source), target: languageName(sheet.target) };
  const cultureSelect = (which: 'source' | 'target', value: number) =>
    html`<label
      >${t(which === 'source' ? 'translate.from' : 'translate.to')}
      <select
        data-testid="translate-${which}"
        @change=${(event: Event) => view.go({ [which]: Number((event.target as HTMLSelectElement).value) })}
      >
        ${TRANSLATE_CULTURES.map(
          (culture) =>
            html`<option value=${culture} ?selected=${culture === value}>${languageName(culture)}</option>`,
        )}
      </select></label
    >`;
  const pending = model.counts().changed;
  return html`<header class="translate-header">
    <h2 id="translate-heading">${t('translate.heading', { name: sheet.name })}</h2>
    <div class="translate-links">
      <a href=${formatRoute({ name: 'element', facet: sheet.facet, view: sheet.view, id: sheet.id })}
        >${t('translate.elementPage')}</a
      >
      <a href=${formatRoute({ name: 'edit', facet: sheet.facet, view: sheet.view, id: sheet.id })}
        >${t('translate.openEditor')}</a
      >
      <span class="translate-toolbar-gap"></span>
      ${renderExchangeButtons({ onExport: view.onExport, onImport: view.onImport })}
    </div>
    <div class="translate-toolbar" role="toolbar" aria-label=${t('translate.toolbar')}>
      ${cultureSelect('source', sheet.source)}
      <button
        type="button"
        class="translate-swap"
        title=${t('translate.swap')}
        aria-label=${t('translate.swap')}
        @click=${() => view.go({ source: sheet.target, target: sheet.source })}
      >
        ⇄
      </button>
      ${cultureSelect('target', sheet.target)}
      <span class="translate-toolbar-gap"></span>
      <button
        type="button"
        title=${`${t('translate.undo')} (Ctrl+Z)`}
        aria-label=${t('translate.undo')}
        aria-keyshortcuts="Control+Z"
        ?disabled=${!model.canUndo}
        @click=${() => view.undo(false)}
      >
        ${icon('undo')}
      </button>
      <button
        type="button"
        title=${`${t('translate.redo')} (Ctrl+Y)`}
        aria-label=${t('translate.redo')}
        aria-keyshortcuts="Control+Y"
        ?disabled=${!model.canRedo}
        @click=${() => view.undo(true)}
      >
        ${icon('redo')}
      </button>
      <span class="translate-saving muted" role="status" data-testid="translate-saving"
        >${view.saving === 'saving' ? t('translate.saving') : view.saving === 'saved' ? t('translate.saved') : ''}</span
      >
      <button
        type="button"
        class="primary"
        data-testid="translate-publish"
        ?disabled=${view.publishing || sheet.readOnlyState !== null || (pending === 0 && !model.hasUnsaved)}
        @click=${view.publish}
      >
        ${icon('publish')}
        ${view.publishing ? t('translate.publishing') : t('translate.publish', { language: languages.target })}
      </button>
    </div>
  </header>`;
}

export function renderNotices(view: HeaderView): unknown {
  const { sheet } = view;
  return html`${
    sheet.freshness === 'cache'
      ? html`<p class="translate-notice" role="status" data-testid="translate-cached">
          ${t('translate.cached', { time: formatDateTime(sheet.fetchedAt) })}
        </p>`
      : nothing
  }
  ${
    sheet.readOnlyState
      ? html`<p class="translate-notice" role="note">
          ${t('translate.readOnly', { state: stateLabel(sheet.readOnlyState) })}
        </p>`
      : nothing
  }
  ${
    sheet.pending && !view.outcome
      ? html`<p class="translate-notice" role="status" data-testid="translate-pending">
          ${t(`translate.pending.${sheet.pending.state}`, { error: sheet.pending.error ? tError(sheet.pending.error) : '' })}
        </p>`
      : nothing
  }
  ${
    view.outcome
      ? renderPublishNotice(view.outcome, languageName(sheet.target), view.dismissOutcome)
      : nothing
  }
  ${
    view.exchangeMessage
      ? html`<div class="translate-notice" role="status" data-testid="translate-exchange-message">
          <p>${view.exchangeMessage}</p>
          <button type="button" class="link-button" @click=${view.dismissExchange}>
            ${t('notification.dismiss')}
          </button>
        </div>`
      : nothing
  }`;
}

export function renderFilters(view: HeaderView): unknown {
  const counts = view.model.counts();
  const all = view.model.rows.length;
  const current = view.filter;
  return html`<div class="translate-filters">
    <div role="group" aria-label=${t('translate.filter.label')}>
      ${FILTERS.map(
        (filter) =>
          html`<button
            type="button"
            class="translate-filter"
            data-filter=${filter}
            aria-pressed=${current === filter ? 'true' : 'false'}
            @click=${() => view.go({ state: filter })}
          >
            ${t(`translate.filter.${filter}`, { count: filter === 'all' ? all : counts[filter as Exclude<StateFilter, 'all'>] })}
          </button>`,
      )}
    </div>
    <input
      type="search"
      class="translate-search"
      data-testid="translate-search"
      aria-label=${t('translate.search')}
      placeholder=${t('translate.search')}
      aria-keyshortcuts="Control+F"
      .value=${view.search}
      @input=${(event: Event) => view.onSearch((event.target as HTMLInputElement).value)}
    />
    <span class="muted" data-testid="translate-shown"
      >${t('translate.rowsShown', { shown: view.shown, total: all })}</span
    >
  </div>`;
}
