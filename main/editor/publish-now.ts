import type { EditorDocument, EditorTarget, PublishResult } from '../../shared/domain/editor.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { Logger } from '../log/logger.ts';
import type { SendEvent } from '../sync/outbox-sender.ts';
import type { EditorContext } from './editor-context.ts';
import { openDocument } from './open-document.ts';
import { publishStateOf } from './publish-state.ts';

/** A sent operation, as the outbox reports it. */
type DoneEvent = Extract<SendEvent, { type: 'done' }>;

/**
 * Queues the saved draft and, when the service is reachable, sends this
 * element's operations at once (the outbox service's "send this element's
 * operations now").
 */
export async function publishNow(
  ctx: EditorContext,
  target: EditorTarget,
  options: { newVersion?: boolean },
  logger: Logger,
): Promise<PublishResult> {
  const { id, culture } = target;
  if (!ctx.drafts.get(id, culture)) {
    throw new LanesError({
      code: 'editor.noDraft',
      message: `There is no saved draft of ${id}.`,
      params: { id },
    });
  }
  // A conflict or review waits for the user: publishing again changes nothing until it is decided.
  if (ctx.sending.latestImport(id, culture)?.state !== 'conflict')
    ctx.sending.publish({ elementId: id, culture, facet: target.facet, view: target.view }, options);
  return sendNow(ctx, target, logger);
}

/** Sends what the outbox holds for this element (if the service is reachable) and says where it stands. */
export async function sendNow(
  ctx: EditorContext,
  target: EditorTarget,
  logger: Logger,
): Promise<PublishResult> {
  let published: DoneEvent | undefined;
  if (await ctx.reads.reachableNow()) {
    try {
      const report = await ctx.sending.send('editor', {
        elementId: target.id,
        onEvent: (event) => {
          if (isImportOf(event, target)) published = event;
        },
      });
      if (report.retrying > 0) ctx.reads.markUnavailable();
    } catch (error) {
      // The outbox keeps everything; the answer below says "queued".
      logger.warn(`Publishing ${target.id} now failed; it stays queued`, error);
    }
  }
  // Published: the acknowledgement; the outcome with its document is told once, as `editor.published`.
  if (published) return publishedResult(published);
  const document = await documentAfter(ctx, target, logger);
  const state = publishStateOf(ctx, target.id, target.culture);
  const outcome =
    state.state === 'review' || state.state === 'conflict' || state.state === 'failed'
      ? state.state
      : 'queued';
  return {
    outcome,
    error: state.error,
    importSummary: null,
    conflictId: state.conflictId,
    notKept: null,
    document,
  };
}

/** The sent import of this diagram, among what a send reports. */
export function isImportOf(
  event: SendEvent,
  target: Pick<EditorTarget, 'id' | 'culture'>,
): event is DoneEvent {
  return (
    event.type === 'done' &&
    event.op.kind === 'bpmnImport' &&
    event.op.elementId === target.id &&
    event.op.payload.culture === target.culture
  );
}

/**
 * What a sent publish came to, however it was sent (now, by "Sync now", from
 * the conflict view): the service's summary and what it did not keep. This is
 * the request's answer; the diagram as the service now holds it is added once,
 * by the editor announcer, to the `editor.published` event.
 */
export function publishedResult(event: DoneEvent): PublishResult & { publishId: string } {
  return {
    outcome: 'published',
    error: null,
    importSummary: event.response === undefined ? null : importSummaryText(event.response),
    conflictId: null,
    notKept: event.notKept ?? null,
    document: null,
    publishId: event.op.opId,
    ...(event.op.kind === 'bpmnImport' && event.op.payload.replaced
      ? { replaced: event.op.payload.replaced }
      : {}),
  };
}

/**
 * The diagram as it stands now, from what the send brought into the cache (no
 * request: the service has just answered). When the send could not learn the
 * service's copy there is none, and the editor keeps what it shows.
 */
export async function documentAfter(
  ctx: EditorContext,
  target: EditorTarget,
  logger: Logger,
): Promise<EditorDocument | null> {
  try {
    return await openDocument(ctx, target, true);
  } catch (error) {
    logger.warn(`Could not show ${target.id} as it stands after publishing`, error);
    return null;
  }
}

/** The service's OperationResult message and its warnings, as one line to show. */
function importSummaryText(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; summary?: { warnings?: unknown } };
    const message = typeof parsed.message === 'string' ? parsed.message : null;
    const warnings = Array.isArray(parsed.summary?.warnings)
      ? parsed.summary.warnings.filter((w): w is string => typeof w === 'string')
      : [];
    if (!message) return warnings.length > 0 ? warnings.join(' ') : null;
    return warnings.length > 0 ? `${message} ${warnings.join(' ')}` : message;
  } catch {
    const text = body.trim();
    return text === '' ? null : text.slice(0, 2000);
  }
}
