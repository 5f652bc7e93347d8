import type { EditorKey, HistoryEntry, HistoryRequest } from '../../shared/domain/editor.ts';
import type { Element } from '../../shared/domain/process.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { Read } from '../cache/cached-reader-api.ts';
import type { HistorySnapshot } from '../sync/bpmn-history-store.ts';
import { noServerCopy, type EditorContext } from './editor-context.ts';
import { changedOnOf, versionLabelOf } from '../../shared/domain/process.ts';

const DRAFT_KEY = 'draft';
const BASE_KEY = 'base';
const SNAPSHOT_PREFIX = 'seen:';
/** A version's diagram: a snapshot, under a key of its own (the same snapshot may also be listed as sent). */
const VERSION_PREFIX = 'version:';
/** A version the service lists whose diagram Lanes never saw: listed, not comparable. */
const UNSEEN_PREFIX = 'unseen:';

/** A read that may fail (offline and never cached, refused): absent, never fatal to the list. */
async function optional<T>(read: Promise<Read<T>>): Promise<Read<T> | undefined> {
  try {
    return await read;
  } catch {
    return undefined;
  }
}

/** Where Lanes saw the element when the caller does not say (the conflict view, the CLI). */
function placeOf(ctx: EditorContext, request: HistoryRequest): { facet: string; view: string } | null {
  if (request.facet && request.view) return { facet: request.facet, view: request.view };
  return ctx.reads.session.store.placeOf(request.id) ?? null;
}

/** One version as the list needs it: from the service's versions list, or from what Lanes saw offline. */
interface VersionFacts {
  versionId: string | null;
  label: string | null;
  changedOn: string | null;
  state: string | null;
}

const factsOf = (element: Element): VersionFacts => ({
  versionId: element.versionId ?? null,
  label: versionLabelOf(element),
  changedOn: changedOnOf(element),
  state: element.state ?? null,
});

/** Newest version first: by label part by part ("1.10" after "1.9"), then by change time. */
function newestVersionFirst(a: VersionFacts, b: VersionFacts): number {
  const parts = (v: string | null): number[] => (v ?? '').split('.').map((p) => Number(p) || 0);
  const [pa, pb] = [parts(a.label), parts(b.label)];
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pb[i] ?? 0) - (pa[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return (b.changedOn ?? '').localeCompare(a.changedOn ?? '');
}

interface ServiceVersions {
  versions: VersionFacts[];
  /** The element's working version, as the element itself says. */
  currentId: string | null;
}

/**
 * Reads the element's versions from the service (the cache offline) and, for
 * the current version, its diagram as it is now: a colleague's publish since
 * Lanes last looked is part of the list. The export joins the history.
 */
async function serviceVersions(ctx: EditorContext, request: HistoryRequest): Promise<ServiceVersions | null> {
  const place = placeOf(ctx, request);
  if (!place) return null;
  const { facet, view } = place;
  const [element, versions] = await Promise.all([
    optional(ctx.reads.read((r) => r.getElement(facet, view, request.id))),
    optional(ctx.reads.read((r) => r.listVersions(facet, view, request.id))),
  ]);
  if (element?.source === 'live') {
    const exported = await optional(ctx.reads.read((r) => r.exportBpmn(request.id, request.culture)));
    if (exported?.source === 'live')
      ctx.history.remember({
        elementId: request.id,
        lcid: request.culture,
        versionId: element.value.versionId ?? null,
        versionLabel: versionLabelOf(element.value),
        changedOn: changedOnOf(element.value),
        kind: 'server',
        xml: exported.value,
      });
  }
  const listed = versions?.value ?? (element ? [element.value] : null);
  if (!listed) return null;
  return {
    versions: listed.map(factsOf).sort(newestVersionFirst),
    currentId: element?.value.versionId ?? null,
  };
}

/** Versions Lanes saw while offline and never listed: one per version id its snapshots name. */
function versionsFromSnapshots(snapshots: readonly HistorySnapshot[]): ServiceVersions {
  const byId = new Map<string, VersionFacts>();
  for (const snapshot of snapshots) {
    if (!snapshot.versionId || byId.has(snapshot.versionId)) continue;
    byId.set(snapshot.versionId, {
      versionId: snapshot.versionId,
      label: snapshot.versionLabel,
      changedOn: snapshot.changedOn,
      state: null,
    });
  }
  const versions = [...byId.values()].sort(newestVersionFirst);
  return { versions, currentId: versions[0]?.versionId ?? null };
}

/**
 * The versions of a diagram "Compare versions" offers: the draft and the
 * server copy it was based on; every version the service lists (newest
 * first, the current one as exported now; an older one as Lanes last saw it
 * while it was current, or marked as never seen); each diagram Lanes sent,
 * marked as sent; and earlier states of a version Lanes saw before it
 * changed again. The same diagram is offered once. Keys are opaque to the
 * renderer.
 */
export async function historyOf(ctx: EditorContext, request: HistoryRequest): Promise<HistoryEntry[]> {
  const key: EditorKey = { id: request.id, culture: request.culture };
  const listed = await serviceVersions(ctx, request);
  const snapshots = ctx.history.list(key.id, key.culture);
  const { versions, currentId } = listed ?? versionsFromSnapshots(snapshots);
  const entries: HistoryEntry[] = [];
  const draft = ctx.drafts.get(key.id, key.culture);
  if (draft) {
    const common = { versionId: draft.baseVersionId, versionLabel: null };
    entries.push({ key: DRAFT_KEY, kind: 'draft', ...common, changedOn: null, seenAt: draft.savedAt });
    entries.push({
      key: BASE_KEY,
      kind: 'base',
      ...common,
      changedOn: draft.baseChangedOn,
      seenAt: draft.savedAt,
    });
  }
  const shownHashes = new Set<string>();
  const usedSeqs = new Set<number>();
  for (const version of versions) {
    const { versionId, changedOn } = version;
    const snapshot = diagramOf(snapshots, versionId, changedOn);
    if (snapshot) {
      usedSeqs.add(snapshot.seq);
      shownHashes.add(snapshot.xmlHash);
    }
    entries.push({
      key: snapshot ? VERSION_PREFIX + String(snapshot.seq) : UNSEEN_PREFIX + (versionId ?? ''),
      kind: 'server',
      versionId,
      versionLabel: version.label,
      changedOn,
      seenAt: snapshot?.seenAt ?? changedOn ?? '',
      state: version.state,
      current: versionId !== null && versionId === currentId,
      available: snapshot !== undefined,
      seenBeforeChange: snapshot && changedOn && snapshot.changedOn !== changedOn ? snapshot.seenAt : null,
    });
  }
  for (const snapshot of snapshots) {
    // What Lanes sent is always listed as sent, also when the service kept it exactly as the version's diagram.
    if (snapshot.kind === 'published') {
      entries.push({ ...entryOf(snapshot, 'published'), notKept: snapshot.notKept });
      continue;
    }
    // Their version a resolution overwrote is always listed as such: it is what the user may want back.
    if (snapshot.kind === 'replaced') {
      entries.push(entryOf(snapshot, 'replaced'));
      continue;
    }
    // The same diagram as a version already listed, or as an earlier state listed already: once is enough.
    if (usedSeqs.has(snapshot.seq) || shownHashes.has(snapshot.xmlHash)) continue;
    shownHashes.add(snapshot.xmlHash);
    entries.push(entryOf(snapshot, 'seen'));
  }
  return entries;
}

/**
 * A version's diagram as Lanes has it: the one seen at the version's last
 * change (what the service exported before what Lanes sent; equal diagrams
 * are stored once, as sent), else the newest it has of the version.
 */
function diagramOf(
  snapshots: readonly HistorySnapshot[],
  versionId: string | null,
  changedOn: string | null,
): HistorySnapshot | undefined {
  const ofVersion = snapshots
    .filter((snapshot) => snapshot.versionId === versionId)
    .sort((a, b) => b.seq - a.seq);
  const atLastChange = ofVersion.filter((snapshot) => snapshot.changedOn === changedOn);
  return atLastChange.find((snapshot) => snapshot.kind === 'server') ?? atLastChange[0] ?? ofVersion[0];
}

function entryOf(snapshot: HistorySnapshot, kind: 'published' | 'seen' | 'replaced'): HistoryEntry {
  return {
    key: SNAPSHOT_PREFIX + String(snapshot.seq),
    kind,
    versionId: snapshot.versionId,
    versionLabel: snapshot.versionLabel,
    changedOn: snapshot.changedOn,
    seenAt: snapshot.seenAt,
  };
}

export function historyXml(ctx: EditorContext, request: EditorKey & { key: string }): string {
  const draft = ctx.drafts.get(request.id, request.culture);
  if (request.key === DRAFT_KEY && draft) return draft.localXml;
  if (request.key === BASE_KEY && draft) return draft.baseXml;
  const prefix = [SNAPSHOT_PREFIX, VERSION_PREFIX].find((p) => request.key.startsWith(p));
  if (prefix) {
    const seq = Number(request.key.slice(prefix.length));
    const xml = Number.isInteger(seq) ? ctx.history.xml(request.id, request.culture, seq) : undefined;
    if (xml !== undefined) return xml;
  }
  if (request.key.startsWith(UNSEEN_PREFIX))
    throw new LanesError({
      code: 'api.notFound',
      message: `Lanes never saw the diagram of this version of ${request.id}: the service exports only the current version.`,
      params: { operation: 'show version', what: `the diagram of an older version of ${request.id}` },
    });
  throw new LanesError({
    code: 'api.notFound',
    message: `Lanes has no version "${request.key}" of ${request.id}; the list of versions changed meanwhile.`,
    params: { operation: 'show version', what: `version ${request.key} of ${request.id}` },
  });
}

/**
 * "Restore into a draft" from Compare versions: the entry's diagram (their
 * version a resolution replaced, an older version, a sent one) becomes the
 * draft, based on the service's version as it is now (the cache's offline),
 * so publishing it is checked against that version like any draft. An
 * existing draft is never overwritten: the user publishes or discards it first.
 */
export async function restoreVersion(
  ctx: EditorContext,
  request: EditorKey & { key: string; facet?: string | undefined; view?: string | undefined },
): Promise<{ facet: string; view: string }> {
  if (ctx.drafts.get(request.id, request.culture))
    throw new LanesError({
      code: 'editor.draftExists',
      message: `There is a draft of ${request.id} already: publish or discard it before restoring a version.`,
      params: { id: request.id },
    });
  const place = placeOf(ctx, {
    id: request.id,
    culture: request.culture,
    facet: request.facet,
    view: request.view,
  });
  if (!place) throw noServerCopy(request.id);
  const xml = historyXml(ctx, request);
  const [element, exported] = await Promise.all([
    optional(ctx.reads.read((r) => r.getElement(place.facet, place.view, request.id))),
    optional(ctx.reads.read((r) => r.exportBpmn(request.id, request.culture))),
  ]);
  if (!exported) throw noServerCopy(request.id);
  ctx.drafts.save({
    elementId: request.id,
    culture: request.culture,
    baseVersionId: element?.value.versionId ?? null,
    baseChangedOn: element ? changedOnOf(element.value) : null,
    baseXml: exported.value,
    localXml: xml,
  });
  return place;
}
