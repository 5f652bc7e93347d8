import { html, nothing } from 'lit';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import type { LanesClient } from '../bridge/lanes-client.ts';
import { t } from '../i18n/locale-controller.ts';
import type { LintError } from './lint-diagram.ts';
import { preflightFindings, type PreflightFinding } from './release-preflight.ts';
import './preflight.css';

/** null: still checking. */
export type PreflightState = PreflightFinding[] | null;

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
}

/**
 * Runs the pre-flight offline: main answers from the cache file (draft or
 * cached diagram, outbox, conflicts), the diagram is linted here with the
 * editor's rules. A check that cannot run is said, never fatal: the user
 * can always go on.
 */
export async function runPreflight(
  client: LanesClient,
  page: ElementPage,
  culture: number,
  targetState: string,
): Promise<PreflightFinding[]> {
  let facts = null;
  let lint: LintError[] | string | null = null;
  if (page.element.type === 'process') {
    try {
      facts = await client.request('editor.preflight', { id: page.element.id, culture });
    } catch {
      facts = null;
    }
    if (facts?.xml) {
      try {
        // bpmnlint and bpmn-moddle load with the first check, not with the landscape (a chunk of their own).
        const { lintErrors } = await import('./lint-diagram.ts');
        lint = await lintErrors(facts.xml);
      } catch (error) {
        lint = firstLine(error);
      }
    }
  }
  // Lint messages are already in the UI language (lint-diagram.ts lints with the translated rules).
  return preflightFindings({ page, culture, targetState, facts, lint }, (message) => message);
}

export function renderPreflight(state: PreflightState): unknown {
  if (state === null)
    return html`<p class="muted preflight-checking" role="status" data-testid="preflight-checking">
      ${t('preflight.checking')}
    </p>`;
  if (state.length === 0)
    return html`<p class="preflight-clear" data-testid="preflight-clear">${t('preflight.allClear')}</p>`;
  return html`<div class="preflight" data-testid="preflight">
    <p class="preflight-intro">${t('preflight.intro')}</p>
    <ul class="preflight-findings" aria-label=${t('preflight.findingsLabel')}>
      ${state.map(
        (finding) =>
          html`<li data-testid="preflight-finding" data-kind=${finding.kind}>
            ${t(finding.key, finding.params)}
            ${
              finding.details.length > 0
                ? html`<ul class="preflight-details">
                    ${finding.details.map((detail) => html`<li>${detail}</li>`)}
                  </ul>`
                : nothing
            }
          </li>`,
      )}
    </ul>
  </div>`;
}
