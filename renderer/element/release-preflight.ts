/**
 * The release pre-flight: what the service will warn about (or what would
 * surprise the user) before a transition, found offline. The service warns
 * when an element goes to "released" without a description or an owner;
 * Lanes adds what only it knows: lint errors in the diagram it holds, a
 * draft not published yet, a publish still in the outbox, an open conflict.
 * Pure: facts in, findings (message keys) out.
 */
import { pickCulture } from '../../shared/domain/culture.ts';
import type { PreflightFacts } from '../../shared/domain/preflight.ts';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import type { MessageKey } from '../../shared/i18n/messages-en.ts';
import type { LintError } from './lint-diagram.ts';

export interface PreflightFinding {
  /** Stable name for tests and styling. */
  kind:
    | 'noDescription'
    /** No description on the service, but the diagram Lanes is sending (or holds as a draft) carries one. */
    | 'descriptionPending'
    | 'noOwner'
    | 'lintErrors'
    | 'lintUnavailable'
    | 'unpublishedDraft'
    | 'queuedPublish'
    | 'openConflict';
  key: MessageKey;
  params: Record<string, string | number>;
  /** Lint errors: the elements they are about, by name where they have one. */
  details: string[];
  /**
   * Where the fix goes: for lint errors the BPMN id of the first element with
   * one (the diagram opens there), for an open conflict the conflict's id.
   */
  target?: string;
}

export interface PreflightInput {
  page: Pick<ElementPage, 'element'>;
  culture: number;
  targetState: string;
  /** From main (editor.preflight); null when it could not be asked (not a process, no session). */
  facts: PreflightFacts | null;
  /** The diagram's lint errors; null: not linted (no diagram); a string: why it could not be linted. */
  lint: LintError[] | string | null;
}

const MAX_DETAILS = 5;

function hasText(value: string): boolean {
  // A description is XHTML: "<p></p>" says nothing.
  return (
    value
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() !== ''
  );
}

function finding(
  kind: PreflightFinding['kind'],
  key: MessageKey,
  params: PreflightFinding['params'] = {},
  details: string[] = [],
): PreflightFinding {
  return { kind, key, params, details };
}

/** Where a queued publish or a draft stands, as the description finding says it. */
function pendingDescriptionKey(facts: PreflightFacts): MessageKey {
  return facts.queuedPublish || facts.openConflict
    ? 'preflight.descriptionPending.queued'
    : 'preflight.descriptionPending.draft';
}

/** `describe` turns a lint message into the UI language (bpmnlint speaks English). */
export function preflightFindings(
  input: PreflightInput,
  describe: (message: string) => string = (message) => message,
): PreflightFinding[] {
  const findings: PreflightFinding[] = [];
  const { element } = input.page;
  // The service checks these on the way to "released" (emulator release-routes, service facts).
  if (input.targetState === 'released') {
    // In the content culture (or invariant): a description only in another language does not count here.
    const description = pickCulture(element.attributes['description'], input.culture);
    if (description.isFallback || !hasText(description.text))
      findings.push(
        input.facts?.pendingDescription
          ? finding('descriptionPending', pendingDescriptionKey(input.facts))
          : finding('noDescription', 'preflight.noDescription'),
      );
    if ((element.related['owner'] ?? []).length === 0) findings.push(finding('noOwner', 'preflight.noOwner'));
  }
  const facts = input.facts;
  if (facts?.openConflict)
    findings.push({
      ...finding('openConflict', 'preflight.openConflict'),
      ...(facts.conflictId ? { target: facts.conflictId } : {}),
    });
  if (facts?.queuedPublish)
    findings.push(finding('queuedPublish', `preflight.queuedPublish.${facts.queuedPublish}` as MessageKey));
  if (facts?.unpublishedDraft) findings.push(finding('unpublishedDraft', 'preflight.unpublishedDraft'));
  if (typeof input.lint === 'string') {
    findings.push(finding('lintUnavailable', 'preflight.lintUnavailable', { reason: input.lint }));
  } else if (input.lint && input.lint.length > 0) {
    const key =
      facts?.diagramSource === 'draft' ? 'preflight.lintErrors.draft' : 'preflight.lintErrors.cached';
    const details = input.lint
      .slice(0, MAX_DETAILS)
      .map((error) => `${error.name ?? error.id}: ${describe(error.message)}`);
    if (input.lint.length > MAX_DETAILS) details.push('…');
    findings.push({
      ...finding('lintErrors', key, { count: input.lint.length }, details),
      target: input.lint[0]!.id,
    });
  }
  return findings;
}
