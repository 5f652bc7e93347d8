import { displayName } from '../../shared/domain/culture.ts';
import type { EditorDocument, EditorTarget } from '../../shared/domain/editor.ts';
import type { Element, ElementInfo } from '../../shared/domain/process.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { Read } from '../cache/cached-reader-api.ts';
import { READ_ONLY_STATES } from '../sync/push-engine.ts';
import { cachedExport, noServerCopy, type EditorContext } from './editor-context.ts';
import { publishStateOf } from './publish-state.ts';

function isNotCached(error: unknown): boolean {
  return error instanceof LanesError && error.code === 'cache.notCached';
}

/** A read the cache never had (offline): undefined; anything else is thrown. */
async function readOrAbsent<T>(read: Promise<Read<T>>): Promise<Read<T> | undefined> {
  try {
    return await read;
  } catch (error) {
    if (isNotCached(error)) return undefined;
    throw error;
  }
}

/** Info is an extra: without it (offline, never fetched, refused) permissions count as unknown. */
async function infoOrNull(ctx: EditorContext, target: EditorTarget): Promise<ElementInfo | null> {
  try {
    return (await ctx.reads.read((r) => r.getInfo(target.facet, target.view, target.id))).value;
  } catch (error) {
    if (isNotCached(error) || (error instanceof LanesError && error.code.startsWith('api.'))) return null;
    throw error;
  }
}

export const changedOnOf = (element: Element): string | null => element.attributes.changedOn?.['127'] ?? null;
export const versionLabelOf = (element: Element): string | null =>
  element.attributes.version?.['127'] ?? null;

/** What the editor may do, as the element page decides it (unknown permissions do not block). */
function editRights(
  element: Element,
  info: ElementInfo | null,
  createVersionPending: boolean,
): Pick<EditorDocument, 'readOnly' | 'canCreateVersion'> {
  const state = element.state ?? null;
  const released = state !== null && READ_ONLY_STATES.has(state);
  const mayEdit = info === null || (info.hasEditPermission && info.permissions.includes('EditElement'));
  const readOnly = released
    ? { reason: 'released' as const, state }
    : mayEdit
      ? null
      : { reason: 'permission' as const, state };
  const mayCreateVersion = info === null || info.permissions.includes('NewElement');
  return { readOnly, canCreateVersion: released && mayCreateVersion && !createVersionPending };
}

/**
 * The diagram as the editor opens it: the local draft if there is one
 * (clearly marked), else the service's export in the culture (live, which
 * also refreshes the cache and the history), else the cached export when the
 * service cannot be reached.
 */
export async function openDocument(ctx: EditorContext, target: EditorTarget): Promise<EditorDocument> {
  const { facet, view, id, culture } = target;
  const elementRead = await readOrAbsent(ctx.reads.read((r) => r.getElement(facet, view, id)));
  if (!elementRead) throw noServerCopy(id);
  const element = elementRead.value;
  if (element.type !== 'process') {
    throw new LanesError({
      code: 'editor.notProcess',
      message: `${id} is a ${element.type}, not a process with a diagram.`,
      params: { id },
    });
  }
  const draft = ctx.drafts.get(id, culture);
  const [info, exported] = await Promise.all([
    infoOrNull(ctx, target),
    draft ? undefined : readOrAbsent(ctx.reads.read((r) => r.exportBpmn(id, culture))),
  ]);
  if (!draft && !exported) throw noServerCopy(id);
  if (exported?.source === 'live') {
    ctx.history.remember({
      elementId: id,
      lcid: culture,
      versionId: element.versionId ?? null,
      versionLabel: versionLabelOf(element),
      changedOn: changedOnOf(element),
      kind: 'server',
      xml: exported.value,
    });
  }
  const recovery = ctx.drafts.readRecovery(id, culture);
  const createVersionPending = ctx.outbox
    .list(['queued', 'sending', 'unknown'])
    .some((op) => op.elementId === id && op.kind === 'createVersion');
  return {
    facet,
    view,
    id,
    culture,
    name: displayName(element.attributes.name, culture, id).text,
    state: element.state ?? null,
    versionId: draft ? (draft.baseVersionId ?? element.versionId ?? null) : (element.versionId ?? null),
    versionLabel: versionLabelOf(element),
    changedOn: changedOnOf(element),
    source: draft ? 'draft' : exported!.source,
    xml: draft ? draft.localXml : exported!.value,
    fetchedAt: exported?.fetchedAt ?? cachedExport(ctx, id, culture)?.fetchedAt ?? null,
    draftSavedAt: draft?.savedAt ?? null,
    recovery: recovery && (!draft || recovery.savedAt > draft.savedAt) ? { savedAt: recovery.savedAt } : null,
    ...editRights(element, info, createVersionPending),
    publish: publishStateOf(ctx, id, culture),
  };
}
