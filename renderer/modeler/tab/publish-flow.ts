/**
 * Publish, in the order the issue asks: lint (errors block, warnings ask),
 * store the draft, then hand it to the outbox; or, when a conflict or review
 * waits for this diagram, publish the editor's XML as its resolution.
 */
import type {
  EditorDocument,
  EditorTarget,
  PublishResult,
  PublishState,
} from '../../../shared/domain/editor.ts';
import type { LanesClient } from '../../bridge/lanes-client.ts';
import type { DiagramSession } from '../canvas/diagram-session.ts';
import type { TabNotice } from './editor-banners.ts';
import { blockedNotice, countProblems } from '../canvas/lint-problems.ts';

interface PublishAnswer {
  notice: TabNotice | null;
  /** Lint errors stopped it: show the problems list. */
  blocked: boolean;
  document: EditorDocument | null;
  publish: PublishState | null;
  /** Main's answer, when it was asked (published: an acknowledgement; `editor.published` has the outcome). */
  result: PublishResult | null;
}

interface PublishInput {
  client: LanesClient;
  session: DiagramSession;
  target: EditorTarget;
  doc: EditorDocument;
  newVersion: boolean;
  confirmWarnings(count: number): Promise<boolean>;
}

export async function publishDiagram(input: PublishInput): Promise<PublishAnswer> {
  const { client, session, target, doc } = input;
  const problems = await session.lint();
  const { errors, warnings } = countProblems(problems);
  // Lint that could not check the diagram neither blocks nor asks; the result says it was skipped.
  const lintSkipped = session.lintUnavailable !== null;
  const unasked = { document: null, publish: null, result: null };
  if (!lintSkipped && errors > 0) return { notice: blockedNotice(problems), blocked: true, ...unasked };
  if (!lintSkipped && warnings > 0 && !(await input.confirmWarnings(warnings)))
    return { notice: null, blocked: false, ...unasked };

  const xml = await session.xml();
  const conflictId =
    doc.publish.state === 'conflict' || doc.publish.state === 'review' ? doc.publish.conflictId : null;
  // The tab is clean once its XML is taken (what is sent is what is shown), before the outcome arrives
  // (`editor.published`, which shows the service's version on a clean canvas); a failed request undoes it.
  const dirty = session.dirty;
  const undoSaved = session.markSaved();
  let result: PublishResult;
  try {
    if (conflictId) {
      result = await client.request('editor.resolve', { id: conflictId, resolution: 'merged', xml });
    } else {
      // The outbox sends the stored draft: store what is on screen first.
      if (dirty || doc.source !== 'draft') await client.request('editor.saveDraft', { ...target, xml });
      result = await client.request('editor.publish', {
        ...target,
        ...(input.newVersion ? { newVersion: true } : {}),
      });
    }
  } catch (error) {
    undoSaved();
    throw error;
  }
  return {
    notice: noticeOf(result, doc, lintSkipped),
    blocked: false,
    document: result.document,
    publish: result.document ? null : publishStateOf(result),
    result,
  };
}

function noticeOf(result: PublishResult, doc: EditorDocument, lintSkipped: boolean): TabNotice | null {
  switch (result.outcome) {
    case 'published':
      // Its outcome (banner, document, canvas) arrives once, as `editor.published` (process-follower.ts).
      return null;
    case 'queued':
      return { kind: 'queued', lintSkipped };
    case 'conflict':
    case 'review':
      return { kind: result.outcome, conflictId: result.conflictId };
    case 'failed':
      // Released meanwhile: the tab turns to the draft on a released process, whose banner says so and
      // offers "create a new version and publish into it" (element-state-banner.ts).
      if (result.document?.readOnly?.reason === 'released' && result.document.source === 'draft') return null;
      return {
        kind: 'failed',
        error: result.error,
        // A released process refuses imports; a new version takes them.
        offerNewVersion: doc.canCreateVersion || doc.readOnly?.reason === 'released',
      };
  }
}

function publishStateOf(result: PublishResult): PublishState {
  switch (result.outcome) {
    case 'published':
      return { state: 'none', error: null, conflictId: null };
    case 'queued':
      return { state: 'queued', error: result.error, conflictId: null };
    default:
      return { state: result.outcome, error: result.error, conflictId: result.conflictId };
  }
}
