/**
 * Which release actions the element page offers, and why one is disabled.
 * The service's info permissions decide: a transition changes the release
 * state, so it needs `ApproveElement`; a new version is a new element version,
 * so it needs `NewElement`, and the service only makes one from a released,
 * in-effect, expiring or expired version (else it answers 409).
 */
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
export const VERSIONABLE_STATES: readonly string[] = readOnlyStates;

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
