import { LanesError, type LanesErrorData } from '../../shared/ipc/errors.ts';
import { changedOnOf, type Transition } from '../../shared/domain/process.ts';
import type { ActionResult, ElementPage } from '../../shared/domain/workspace.ts';
import type { KindAndPayload } from '../sync/operations/operation-kinds.ts';
import type { OutboxService } from '../sync/outbox-service.ts';
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
 * Queues the action in exactly the shape its outbox handler sends: base = the
 * element as last seen (so "did it arrive?" can be answered after a lost
 * answer), transitions with the state they lead to.
 */
function enqueue(
  reads: SessionReads,
  { outbox }: OutboxService,
  target: ActionTarget,
  action: ReleaseAction,
  unknownBecause?: LanesErrorData,
): void {
  const { store } = reads.session;
  const seen = store.element(target.id)?.value;
  const transitions = store.detail<Transition[]>(target.id, 'transitions')?.value;
  const content: KindAndPayload =
    action.kind === 'transition'
      ? {
          kind: 'transition',
          payload: {
            transitionId: action.transitionId,
            ignoreWarnings: action.ignoreWarnings,
            targetState: transitions?.find((t) => t.id === action.transitionId)?.targetState ?? null,
          },
        }
      : { kind: 'createVersion', payload: {} };
  const [op] = outbox.enqueue([
    {
      elementId: target.id,
      ...content,
      base: {
        facet: target.facet,
        view: target.view,
        versionId: seen?.versionId ?? null,
        changedOn: seen ? changedOnOf(seen) : null,
      },
    },
  ]);
  // Sent, but the answer was lost: the outbox checks whether it arrived before sending again.
  if (unknownBecause !== undefined) outbox.markUnknown(op!.opId, unknownBecause, new Date());
}

/**
 * A release action: applied on the service when it can be reached (a
 * warning changes nothing and is reported back), otherwise kept in the
 * outbox for the next sync. An applied action is followed by a fresh page,
 * which also refreshes what the cache holds about the element.
 */
export async function runReleaseAction(
  reads: SessionReads,
  outbox: OutboxService,
  target: ActionTarget,
  action: ReleaseAction,
): Promise<ActionResult> {
  const process = reads.session.clients.process;
  // Entries of one element run in order: behind an unsent one, this one waits its turn too.
  const waiting =
    outbox.outbox.ofElement(target.id, { states: ['queued', 'sending', 'unknown', 'conflict'] }).length > 0;
  // The user acts now: if the service was out of reach a while ago, one cheap probe says whether it is back.
  if (!waiting && (await reads.reachableNow())) {
    let applied = false;
    try {
      if (action.kind === 'transition')
        await process.changeState(target.id, action.transitionId, { ignoreWarnings: action.ignoreWarnings });
      else await process.createVersion(target.id);
      applied = true;
    } catch (error) {
      if (error instanceof LanesError && error.code === 'api.validationWarning') return warningResult(error);
      if (error instanceof LanesError && error.code === 'api.outcomeUnknown') {
        enqueue(reads, outbox, target, action, error.toData());
        return queued(reads, outbox, target);
      }
      if (!isServiceUnavailable(error)) throw error;
      reads.markUnavailable();
    }
    if (applied) {
      reads.forgetListings(target.facet);
      const { page } = await elementPage(reads, outbox.outbox, target);
      return { outcome: 'applied', resultType: 'success', message: null, messages: [], page };
    }
  }
  enqueue(reads, outbox, target, action);
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
