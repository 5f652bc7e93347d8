import type { EditorTarget, NotKeptItem, PublishResult } from '../../shared/domain/editor.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { Logger } from '../log/logger.ts';
import { rememberPublished } from '../sync/bpmn-history-store.ts';
import { publishDraft } from '../sync/publish.ts';
import { pushOutbox } from '../sync/push-engine.ts';
import { TranslationStore } from '../sync/translation-store.ts';
import type { EditorContext } from './editor-context.ts';
import { changedOnOf, openDocument, versionLabelOf } from './open-document.ts';
import { latestImport, publishStateOf } from './publish-state.ts';

/** An explicit publish is a retry: waiting operations of this element go now, not after their backoff. */
const NOW_AND_LATER = new Date('9999-12-31T23:59:59Z');

/**
 * Queues the saved draft and, when the service is reachable, sends this
 * element's operations at once. A publish while an earlier one still waits
 * unsent takes its place (one import with the newest draft, not two in a row
 * that would look like a server change to each other).
 */
export async function publishNow(
  ctx: EditorContext,
  target: EditorTarget,
  options: { newVersion?: boolean },
  logger: Logger,
): Promise<PublishResult> {
  const { id, culture } = target;
  const draft = ctx.drafts.get(id, culture);
  if (!draft) {
    throw new LanesError({
      code: 'editor.noDraft',
      message: `There is no saved draft of ${id}.`,
      params: { id },
    });
  }
  const waiting = latestImport(ctx, id, culture);
  if (waiting?.state === 'conflict') return answer(ctx, target, undefined, logger);
  if (waiting?.state === 'queued' && !options.newVersion) {
    ctx.outbox.requeue(waiting.opId, {
      ...waiting.payload,
      xml: draft.localXml,
      originalXml: draft.localXml,
    });
  } else {
    publishDraft(
      ctx.outbox,
      ctx.drafts,
      { elementId: id, culture, facet: target.facet, view: target.view },
      options,
    );
  }
  return sendNow(ctx, target, logger);
}

/** Sends what the outbox holds for this element (if the service is reachable) and says where it stands. */
export async function sendNow(
  ctx: EditorContext,
  target: EditorTarget,
  logger: Logger,
): Promise<PublishResult> {
  const { session } = ctx.reads;
  const responses = new Map<string, string>();
  const verified = new Map<string, NotKeptItem[] | null>();
  if (!ctx.reads.unavailable) {
    try {
      const report = await session.pushes.run(() =>
        pushOutbox({
          outbox: ctx.outbox,
          drafts: ctx.drafts,
          conflicts: ctx.conflicts,
          // A translation of this process waiting in the outbox goes too, and its ledger follows.
          translations: new TranslationStore(session.db),
          rememberExport: (id, lcid, xml) => session.store.putBpmn(id, lcid, xml),
          process: session.clients.process,
          bpmn: session.clients.bpmn,
          dueBy: NOW_AND_LATER,
          reviewMerges: true,
          elementId: target.id,
          onEvent: (event) => {
            if (event.type === 'done' && event.response !== undefined)
              responses.set(event.op.opId, event.response);
            if (event.type === 'done' && event.notKept !== undefined)
              verified.set(event.op.opId, event.notKept);
          },
        }),
      );
      if (report.retrying > 0) ctx.reads.markUnavailable();
    } catch (error) {
      // The outbox keeps everything; the answer below says "queued".
      logger.warn(`Publishing ${target.id} now failed; it stays queued`, error);
    }
  }
  return answer(ctx, target, { responses, verified }, logger);
}

interface SendOutcome {
  responses: Map<string, string>;
  verified: Map<string, NotKeptItem[] | null>;
}

async function answer(
  ctx: EditorContext,
  target: EditorTarget,
  sendOutcome: SendOutcome | undefined,
  logger: Logger,
): Promise<PublishResult> {
  const op = latestImport(ctx, target.id, target.culture);
  const state = publishStateOf(ctx, target.id, target.culture);
  const responses = sendOutcome?.responses;
  const sent = op?.state === 'done' && responses?.has(op.opId);
  const notKept = sent ? (sendOutcome!.verified.get(op!.opId) ?? null) : null;
  if (sent) await rememberSent(ctx, target, op!.opId, notKept);
  const document = await refreshed(ctx, target, logger);
  if (sent) {
    return {
      outcome: 'published',
      message: null,
      importSummary: importSummaryText(responses!.get(op!.opId)!),
      conflictId: null,
      notKept,
      document,
    };
  }
  const outcome =
    state.state === 'review' || state.state === 'conflict' || state.state === 'failed'
      ? state.state
      : 'queued';
  return {
    outcome,
    message: state.message,
    importSummary: null,
    conflictId: state.conflictId,
    notKept: null,
    document,
  };
}

/** What was sent joins the history, with the version and change time the service now reports. */
async function rememberSent(
  ctx: EditorContext,
  target: EditorTarget,
  opId: string,
  notKept: NotKeptItem[] | null,
): Promise<void> {
  const op = ctx.outbox.get(opId)!;
  try {
    const element = (await ctx.reads.read((r) => r.getElement(target.facet, target.view, target.id))).value;
    rememberPublished(
      ctx.reads.session.db,
      op,
      {
        versionId: element.versionId ?? null,
        changedOn: changedOnOf(element),
        versionLabel: versionLabelOf(element),
      },
      notKept,
    );
  } catch {
    rememberPublished(ctx.reads.session.db, op, undefined, notKept);
  }
}

/** The diagram as it stands now; a refresh that fails leaves the editor with what it has. */
async function refreshed(ctx: EditorContext, target: EditorTarget, logger: Logger) {
  try {
    return await openDocument(ctx, target);
  } catch (error) {
    logger.warn(`Could not refresh ${target.id} after publishing`, error);
    return null;
  }
}

/** The service's OperationResult message and its warnings, as one line to show. */
export function importSummaryText(body: string): string | null {
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
