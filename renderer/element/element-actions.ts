/**
 * Which release actions the element page offers, and why one is disabled.
 * The service's info permissions decide: a transition changes the release
 * state, so it needs `ApproveElement`; a new version is a new element version,
 * so it needs `NewElement`, and the service only makes one from a released,
 * in-effect, expiring or expired version (else it answers 409).
 */
import { releaseStates, type ReleaseState } from '../../shared/domain/release-states.ts';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import { readOnlyStates } from '../../shared/domain/release-states.ts';

export type Availability =
  | { allowed: true }
  | {
      allowed: false;
      reason:
        | 'element.reason.olderVersion'
        | 'element.reason.noApprove'
        | 'element.reason.noNewElement'
        | 'element.reason.notReleasedYet'
        | 'element.reason.alreadyPending';
    };

/** The states a new version can be made from (service facts; docs/emulator.md "Release state machine"). */
const VERSIONABLE_STATES: readonly string[] = readOnlyStates;

type PageFacts = Pick<ElementPage, 'readOnlyVersion' | 'info' | 'element' | 'pending'>;

/**
 * Permissions unknown (offline, info never fetched) do not block: the action
 * is queued and the service, which has the last word, decides when it is sent.
 */
function lacks(page: PageFacts, permission: string): boolean {
  return page.info !== null && !page.info.permissions.includes(permission);
}

function isPending(page: PageFacts, kind: 'transition' | 'createVersion'): boolean {
  return page.pending.some((action) => action.kind === kind && action.state !== 'failed');
}

export function transitionAvailability(page: PageFacts): Availability {
  if (page.readOnlyVersion) return { allowed: false, reason: 'element.reason.olderVersion' };
  if (lacks(page, 'ApproveElement')) return { allowed: false, reason: 'element.reason.noApprove' };
  // A second transition before the first is sent would start from a state the element no longer has.
  if (isPending(page, 'transition')) return { allowed: false, reason: 'element.reason.alreadyPending' };
  return { allowed: true };
}

export function createVersionAvailability(page: PageFacts): Availability {
  if (page.readOnlyVersion) return { allowed: false, reason: 'element.reason.olderVersion' };
  if (lacks(page, 'NewElement')) return { allowed: false, reason: 'element.reason.noNewElement' };
  if (isPending(page, 'createVersion')) return { allowed: false, reason: 'element.reason.alreadyPending' };
  if (!VERSIONABLE_STATES.includes(page.element.state ?? ''))
    return { allowed: false, reason: 'element.reason.notReleasedYet' };
  return { allowed: true };
}

/**
 * The transition a modeler usually takes next, offered as the one primary
 * button (the others wait in a menu): the smallest step forward in the
 * release cycle (In process → In review, not straight to Released), its
 * plain variant before the QA or external ones; when nothing leads forward
 * (expiring), the first the service lists. A way back (reject) is never the
 * usual one while a way forward exists.
 */
export function usualTransition<T extends { id: string; targetState: string }>(
  transitions: readonly T[],
  currentState: string | null | undefined,
): T | null {
  const rank = (state: string | null | undefined): number => {
    const index = releaseStates.indexOf(state as ReleaseState);
    return index < 0 ? Number.POSITIVE_INFINITY : index;
  };
  const here = rank(currentState);
  const forward = transitions
    .map((transition, order) => ({ transition, order, step: rank(transition.targetState) - here }))
    .filter((candidate) => candidate.step > 0 && Number.isFinite(candidate.step))
    .sort(
      (a, b) =>
        a.step - b.step ||
        // The plain variant ("…ToReleased") before "…ToReleasedQA" and "…ToReleasedExternal".
        a.transition.id.length - b.transition.id.length ||
        a.order - b.order,
    );
  return forward[0]?.transition ?? transitions[0] ?? null;
}
