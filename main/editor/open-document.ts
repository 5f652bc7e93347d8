import { displayName } from '../../shared/domain/culture.ts';
import type { DocumentState, EditorDocument, EditorTarget } from '../../shared/domain/editor.ts';
import { changedOnOf, versionLabelOf, type Element, type ElementInfo } from '../../shared/domain/process.ts';
import { isReadOnlyState } from '../../shared/domain/release-states.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { CachedReader, Read } from '../cache/cached-reader-api.ts';
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

/** How a document is read: live when the service answers (else the cache), or from the cache only. */
type Reader = <T>(work: (reader: CachedReader) => Promise<Read<T>>) => Promise<Read<T>>;

/** Info is an extra: without it (offline, never fetched, refused) permissions count as unknown. */
async function infoOrNull(read: Reader, target: EditorTarget): Promise<ElementInfo | null> {
  try {
    return (await read((r) => r.getInfo(target.facet, target.view, target.id))).value;
  } catch (error) {
    if (isNotCached(error) || (error instanceof LanesError && error.code.startsWith('api.'))) return null;
    throw error;
  }
}

/** What the editor may do, as the element page decides it (unknown permissions do not block). */
function editRights(
  element: Element,
  info: ElementInfo | null,
  createVersionPending: boolean,
): Pick<EditorDocument, 'readOnly' | 'canCreateVersion'> {
  const state = element.state ?? null;
  const released = isReadOnlyState(state);
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
 * service cannot be reached. `justAnswered`: the service has just answered (a
 * publish brought its element and export into the cache), so the document is
 * built from there, as live, without asking again.
 */
export async function openDocument(
  ctx: EditorContext,
  target: EditorTarget,
  justAnswered = false,
): Promise<EditorDocument> {
  const { facet, view, id, culture } = target;
  const read: Reader = async (work) =>
    justAnswered ? { ...(await work(ctx.reads.cached)), source: 'live' } : ctx.reads.read(work);
  const elementRead = await readOrAbsent(read((r) => r.getElement(facet, view, id)));
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
    infoOrNull(read, target),
    draft ? undefined : readOrAbsent(read((r) => r.exportBpmn(id, culture))),
  ]);
  if (!draft && !exported) throw noServerCopy(id);
  if (exported?.source === 'live' && !justAnswered) {
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
    ...editRights(element, info, newVersionPending(ctx, id)),
    publish: publishStateOf(ctx, id, culture),
  };
}

/** A new version of the element waits in the outbox (alone, or made by a publish into it). */
function newVersionPending(ctx: EditorContext, id: string): boolean {
  return ctx.outbox
    .ofElement(id, { kinds: ['createVersion', 'bpmnImport'], states: ['queued', 'sending', 'unknown'] })
    .some((op) => op.kind === 'createVersion' || op.payload.newVersion === true);
}

/**
 * Where the element of open diagrams stands, from the cache (which the sync
 * or the action that changed it has just refreshed); null when the cache
 * does not have it.
 */
export function documentStateOf(ctx: EditorContext, id: string): DocumentState | null {
  const element = ctx.reads.session.store.element(id)?.value;
  if (!element) return null;
  const info = ctx.reads.session.store.detail<ElementInfo>(id, 'info')?.value ?? null;
  return {
    id,
    deleted: false,
    state: element.state ?? null,
    versionId: element.versionId ?? null,
    versionLabel: versionLabelOf(element),
    changedOn: changedOnOf(element),
    ...editRights(element, info, newVersionPending(ctx, id)),
  };
}
