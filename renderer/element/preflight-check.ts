import { html, nothing } from 'lit';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import type { LanesClient } from '../bridge/lanes-client.ts';
import { t } from '../i18n/locale-controller.ts';
import { formatRoute } from '../base/routes.ts';
import type { LintError } from './lint-diagram.ts';
import { preflightFindings, type PreflightFinding } from './release-preflight.ts';
import './preflight.css';

/** What the pre-flight found, and in which circumstances (said in its words). */
export interface PreflightResult {
  findings: PreflightFinding[];
  /** The app believed the service out of reach: only then does the list say "offline". */
  offline: boolean;
  /** The diagram Lanes holds is an unpublished draft (a description written now goes into it). */
  hasDraft: boolean;
}

/** null: still checking. */
export type PreflightState = PreflightResult | null;

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
}

async function isOffline(client: LanesClient): Promise<boolean> {
  try {
    return (await client.request('sync.status', {})).online === 'offline';
  } catch {
    return false;
  }
}

/**
 * Runs the pre-flight from what Lanes holds: main answers from the cache
 * file (draft or cached diagram, outbox, conflicts), the diagram is linted
 * here with the editor's rules. A check that cannot run is said, never
 * fatal: the user can always go on.
 */
export async function runPreflight(
  client: LanesClient,
  page: ElementPage,
  culture: number,
  targetState: string,
): Promise<PreflightResult> {
  let facts = null;
  let lint: LintError[] | string | null = null;
  const offline = isOffline(client);
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
  return {
    findings: preflightFindings({ page, culture, targetState, facts, lint }, (message) => message),
    offline: await offline,
    hasDraft: facts?.diagramSource === 'draft',
  };
}

/** What the findings' fixes act on; without it (nowhere to act) the findings are only listed. */
export interface PreflightFixes {
  page: ElementPage;
  /** "Write the description": the form opens where the findings are kept. */
  describe(): void;
  syncNow(): void;
  syncing: boolean;
  /** A fix leaves the page (a link into the editor or the conflict view). */
  leave?(): void;
  /** Drawn under the description finding instead of its button (the open form). */
  describeForm?: unknown;
}

function fixLink(fixes: PreflightFixes, fix: string, href: string, label: string): unknown {
  return html`<a
    class="preflight-fix"
    data-testid="preflight-fix"
    data-fix=${fix}
    href=${href}
    @click=${() => fixes.leave?.()}
    >${label}</a
  >`;
}

function fixButton(fix: string, label: string, run: () => void, disabled = false): unknown {
  return html`<button
    type="button"
    class="preflight-fix"
    data-testid="preflight-fix"
    data-fix=${fix}
    ?disabled=${disabled}
    @click=${run}
  >
    ${label}
  </button>`;
}

/** The fix of one finding, where it is shown: the form, the button, the link, or what to do elsewhere. */
function renderFix(finding: PreflightFinding, fixes: PreflightFixes): unknown {
  const { facet, view, element, info } = fixes.page;
  const edit = (select?: string): string =>
    formatRoute({ name: 'edit', facet, view, id: element.id, ...(select ? { select } : {}) });
  switch (finding.kind) {
    case 'noDescription':
      return fixes.describeForm ?? fixButton('describe', t('preflight.fix.describe'), () => fixes.describe());
    case 'noOwner':
      // The owner is set in the service's web application only: who can do it there, when Lanes knows.
      return info === null
        ? nothing
        : html`<p class="preflight-hint" data-testid="preflight-owner-who">
            ${t(info.permissions.includes('EditElement') ? 'preflight.owner.youCan' : 'preflight.owner.askSomeone')}
          </p>`;
    case 'lintErrors':
      return fixLink(fixes, 'showError', edit(finding.target), t('preflight.fix.showError'));
    case 'lintUnavailable':
      return fixLink(fixes, 'openDiagram', edit(), t('preflight.fix.openDiagram'));
    case 'unpublishedDraft':
      return fixLink(fixes, 'openDraft', edit(), t('preflight.fix.openDraft'));
    case 'queuedPublish':
      // A failed publish is explained, and sent again, in the diagram's tab; the others only wait for a sync.
      return finding.key === 'preflight.queuedPublish.failed'
        ? fixLink(fixes, 'openFailure', edit(), t('preflight.fix.openFailure'))
        : fixButton('syncNow', t('preflight.fix.syncNow'), () => fixes.syncNow(), fixes.syncing);
    case 'openConflict':
      return fixLink(
        fixes,
        'openConflict',
        finding.target ? formatRoute({ name: 'conflict', id: finding.target }) : edit(),
        t('preflight.fix.openConflict'),
      );
    case 'descriptionPending':
      // Its draft or waiting publish is a finding of its own, with that one's fix.
      return nothing;
  }
}

export function renderPreflight(state: PreflightState, fixes?: PreflightFixes): unknown {
  if (state === null)
    return html`<p class="muted preflight-checking" role="status" data-testid="preflight-checking">
      ${t('preflight.checking')}
    </p>`;
  if (state.findings.length === 0)
    return html`<p class="preflight-clear" data-testid="preflight-clear">${t('preflight.allClear')}</p>`;
  return html`<div class="preflight" data-testid="preflight">
    <p class="preflight-intro" data-testid="preflight-intro">
      ${t(state.offline ? 'preflight.intro.offline' : 'preflight.intro')}
    </p>
    <ul class="preflight-findings" aria-label=${t('preflight.findingsLabel')}>
      ${state.findings.map(
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
            ${fixes ? html`<div class="preflight-fix-row">${renderFix(finding, fixes)}</div>` : nothing}
          </li>`,
      )}
    </ul>
  </div>`;
}
