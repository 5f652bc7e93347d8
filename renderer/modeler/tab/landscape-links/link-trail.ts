/**
 * Where a linked process was opened from: each tab opened through a call
 * activity remembers its parent tab, and the breadcrumb above the tab shows
 * the way (Parent process › Child process) and leads back, reopening the
 * parent if it was closed meanwhile. The state is in trail-state.ts.
 */
import { html, nothing } from 'lit';
import type { EditorTarget } from '../../../../shared/domain/editor.ts';
import { t } from '../../../i18n/locale-controller.ts';
import type { TrailStep } from './trail-state.ts';
import './landscape-links.css';

export interface OpenLinkedProcess {
  target: Omit<EditorTarget, 'culture'>;
  /** The process's name in the content culture, for the breadcrumb until its tab reports its own. */
  name: string;
  /** The tab the call activity is in. */
  fromKey: string;
}

export const OPEN_LINKED_PROCESS_EVENT = 'open-linked-process';

export function openLinkedProcessEvent(detail: OpenLinkedProcess): CustomEvent<OpenLinkedProcess> {
  return new CustomEvent(OPEN_LINKED_PROCESS_EVENT, { detail, bubbles: true, composed: true });
}

export function renderTrail(
  steps: readonly TrailStep[],
  current: string,
  titleOf: (step: TrailStep) => string,
  onBack: (step: TrailStep) => void,
): unknown {
  if (steps.length === 0) return nothing;
  return html`<nav class="link-trail" aria-label=${t('links.breadcrumb')} data-testid="link-breadcrumb">
    <ol>
      ${steps.map(
        (step) =>
          html`<li>
            <button
              type="button"
              class="link-trail-step"
              data-testid="link-breadcrumb-step"
              data-tab-key=${step.key}
              title=${t('links.breadcrumbBack', { name: titleOf(step) })}
              @click=${() => onBack(step)}
            >
              ${titleOf(step)}
            </button>
          </li>`,
      )}
      <li aria-current="page" data-testid="link-breadcrumb-current">${current}</li>
    </ol>
  </nav>`;
}
