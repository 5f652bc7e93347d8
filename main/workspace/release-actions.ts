import { LanesError } from '../../shared/ipc/errors.ts';
import { changedOnOf, type Transition } from '../../shared/domain/process.ts';
import type { ActionResult, ElementPage } from '../../shared/domain/workspace.ts';
import { refusalOf, type OperationTarget, type OutboxService } from '../sync/outbox-service.ts';
import { elementPage } from './element-page.ts';
import { isServiceUnavailable } from '../api/http/api-errors.ts';
import type { SessionReads } from '../session/session-reads.ts';

type ReleaseAction =
  { kind: 'transition'; transitionId: string; ignoreWarnings: boolean } | { kind: 'createVersion' };

interface ActionTarget {
  facet: string;
  view: string;
  id: string;
}

function warningResult(error: LanesError): ActionResult {
  const text = error.params.serviceMessage ?? error.message;
  // The service's summary comes first in serviceMessage, its single warnings after " — ".
  const [summary = text, ...rest] = text.split(' — ');
  const messages = error.details.length > 0 ? [...error.details] : rest.length > 0 ? rest : [summary];
  return { outcome: 'warning', resultType: 'warning', message: summary, messages, page: null };
}

/** The page as the cache has it now (it was never fetched: no page, the queued entry still counts). */
async function cachedPage(
  reads: SessionReads,
  outbox: OutboxService,
  target: ActionTarget,
): Promise<ElementPage | null> {
  try {
    return (await elementPage(reads, outbox.outbox, target)).page;
  } catch (error) {
    if (error instanceof LanesError && (error.code === 'cache.notCached' || error.code === 'api.notFound'))
      return null;
    throw error;
  }
}

/**
 * Creates the action's outbox operation in exactly the shape its handler
 * sends: base = the element as last seen (so "did it arrive?" can be answered
 * after a lost answer), transitions with the state they lead to.
 */
function execute(
  reads: SessionReads,
  outbox: OutboxService,
  target: ActionTarget,
  action: ReleaseAction,
): string {
  const { store } = reads.session;
  const seen = store.element(target.id)?.value;
  const where: OperationTarget = {
    elementId: target.id,
    facet: target.facet,
    view: target.view,
    versionId: seen?.versionId ?? null,
    changedOn: seen ? changedOnOf(seen) : null,
  };
  if (action.kind === 'createVersion') return outbox.execute('createVersion', where, {});
  const transitions = store.detail<Transition[]>(target.id, 'transitions')?.value;
  return outbox.execute('transition', where, {
    transitionId: action.transitionId,
    ignoreWarnings: action.ignoreWarnings,
    targetState: transitions?.find((t) => t.id === action.transitionId)?.targetState ?? null,
  });
}

/**
 * A release action: an outbox operation, sent at once when the service can
 * be reached (through the same sender, checks and retries as one sent later),
 * otherwise kept for the next sync. A validation warning changes nothing: the
 * operation is withdrawn and the warning goes back to the user, who may
 * confirm it with "ignore warnings" (a new operation). An applied action is
 * followed by a fresh page, which also refreshes what the cache holds.
 */
export async function runReleaseAction(
  reads: SessionReads,
  outbox: OutboxService,
  target: ActionTarget,
  action: ReleaseAction,
): Promise<ActionResult> {
  const opId = execute(reads, outbox, target, action);
  // Entries of one element run in order: behind an unsent one, this one waits its turn too.
  const waiting = outbox.outbox.ofElement(target.id, {
    states: ['queued', 'sending', 'unknown', 'conflict'],
  });
  if (waiting[0]?.opId !== opId) return queued(reads, outbox, target);
  // The user acts now: if the service was out of reach a while ago, one cheap probe says whether it is back.
  if (!(await reads.reachableNow())) return queued(reads, outbox, target);
  const [sent] = await outbox.sendNow([opId], { via: 'editor' });
  const event = sent?.event;
  if (event?.type === 'done') {
    reads.forgetListings(target.facet);
    const { page } = await elementPage(reads, outbox.outbox, target);
    return { outcome: 'applied', resultType: 'success', message: null, messages: [], page };
  }
  if (event?.type === 'failed') {
    // The user reads the refusal now: it is answered, not news left on the page.
    outbox.outbox.markCancelled(opId);
    const refusal = refusalOf(event);
    if (refusal.code === 'api.validationWarning') return warningResult(refusal);
    throw refusal;
  }
  if (event?.type === 'retrying' && isServiceUnavailable(LanesError.fromData(event.error)))
    reads.markUnavailable();
  // Retried later with backoff, or sent with the answer lost (checked before any resend).
  return queued(reads, outbox, target);
}

async function queued(
  reads: SessionReads,
  outbox: OutboxService,
  target: ActionTarget,
): Promise<ActionResult> {
  return {
    outcome: 'queued',
    resultType: null,
    message: null,
    messages: [],
    page: await cachedPage(reads, outbox, target),
  };
}
