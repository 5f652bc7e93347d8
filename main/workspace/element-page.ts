import { LanesError } from '../../shared/ipc/errors.ts';
import type {
  ContentShape,
  CultureMap,
  Element,
  ElementInfo,
  ElementType,
  RelatedReference,
  Transition,
} from '../../shared/domain/process.ts';
import type { ElementPage, PendingAction } from '../../shared/domain/workspace.ts';
import type { Read } from '../cache/cached-reader-api.ts';
import type { OutboxStore } from '../sync/outbox-store.ts';
import type { SessionReads } from '../session/session-reads.ts';
import { locate } from '../session/locate-element.ts';

interface PageRequest {
  facet: string;
  view?: string | undefined;
  id: string;
  versionId?: string | undefined;
}

function notFound(what: string): LanesError {
  return new LanesError({
    code: 'api.notFound',
    message: `get element: not found (${what}).`,
    params: { operation: 'getElement', what },
  });
}

/** Missing is normal for a section (never fetched offline, or the service has none): it shows as absent. */
function isAbsent(error: unknown): boolean {
  return error instanceof LanesError && (error.code === 'cache.notCached' || error.code === 'api.notFound');
}

async function section<T>(read: Promise<Read<T>>): Promise<Read<T> | null> {
  try {
    return await read;
  } catch (error) {
    if (isAbsent(error)) return null;
    throw error;
  }
}

/**
 * Related references carry ids, not names. Where the service did not expand
 * them, names come from elements already in the cache, so a link reads
 * "Emulator Admin" rather than an id, online and offline, without a request.
 */
function withRelatedNames(reads: SessionReads, element: Element): Element {
  const related = Object.fromEntries(
    Object.entries(element.related).map(([context, references]) => [
      context,
      references.map((reference: RelatedReference & { attributes?: Record<string, CultureMap> }) => {
        if (reference.attributes?.name) return reference;
        const name = reads.session.store.element(reference.id)?.value.attributes.name;
        return name ? { ...reference, attributes: { ...reference.attributes, name } } : reference;
      }),
    ]),
  );
  return { ...element, related };
}

const hasName = (reference: RelatedReference & { attributes?: Record<string, CultureMap> }): boolean =>
  Boolean(reference.attributes?.name);

/**
 * References the cache could not name (users, roles… of facets never
 * browsed) are asked for once with `$expandRelated` of just those contexts
 * (service-api.md 2.5: the expansion brings the related elements'
 * attributes). The answer is cached as a query, so it names them offline too.
 * Failing that, the page shows the type and a short id rather than nothing.
 */
async function withExpandedNames(
  reads: SessionReads,
  facet: string,
  view: string,
  element: Element,
): Promise<Element> {
  const unnamed = Object.entries(element.related)
    .filter(([, references]) => references.some((reference) => !hasName(reference)))
    .map(([context]) => context);
  if (unnamed.length === 0) return element;
  let expanded: Element;
  try {
    expanded = (
      await reads.read((r) => r.getElement(facet, view, element.id, { expandRelated: unnamed.join(',') }))
    ).value;
  } catch {
    return element;
  }
  const names = new Map<string, CultureMap>();
  for (const references of Object.values(expanded.related ?? {}))
    for (const reference of references as readonly (RelatedReference & {
      attributes?: Record<string, CultureMap>;
    })[])
      if (reference.attributes?.name) names.set(reference.id, reference.attributes.name);
  const related = Object.fromEntries(
    Object.entries(element.related).map(([context, references]) => [
      context,
      references.map((reference: RelatedReference & { attributes?: Record<string, CultureMap> }) => {
        const name = names.get(reference.id);
        return hasName(reference) || !name
          ? reference
          : { ...reference, attributes: { ...reference.attributes, name } };
      }),
    ]),
  );
  return { ...element, related };
}

/** This element's outbox entries the service has not confirmed (failures only while they are news). */
function pendingOf(outbox: OutboxStore, id: string): PendingAction[] {
  return outbox.unfinished(id).map((op) => ({
    kind: op.kind,
    state: op.state as PendingAction['state'],
    targetState: op.kind === 'transition' ? op.payload.targetState : null,
    createdAt: op.createdAt,
    lastError: op.lastError,
  }));
}

/** Oldest wins: the page is as fresh as its stalest part, and cached if any part is. */
function freshnessOf(reads: readonly (Read<unknown> | null)[]): Pick<ElementPage, 'source' | 'fetchedAt'> {
  const present = reads.filter((r): r is Read<unknown> => r !== null);
  const source = present.some((r) => r.source === 'cache') ? 'cache' : 'live';
  const fetchedAt = present.map((r) => r.fetchedAt).sort()[0]!;
  return { source, fetchedAt };
}

// The domain model's read-only arrays, copied into the schema's plain ones.
const infoOf = (info: ElementInfo): NonNullable<ElementPage['info']> => ({
  ...info,
  permissions: [...info.permissions],
});
const typesOf = (types: readonly ElementType[]): NonNullable<ElementPage['types']> =>
  types.map((t) => ({
    ...t,
    properties: t.properties.map((p) => ({ ...p, selectableValues: [...p.selectableValues] })),
  }));
const contentOf = (shapes: readonly ContentShape[]): NonNullable<ElementPage['content']> =>
  shapes.map((s) => ({ ...s, predecessors: [...s.predecessors] }));
const transitionsOf = (list: readonly Transition[]): NonNullable<ElementPage['transitions']> =>
  list.map((t) => ({ ...t }));

/**
 * Everything the element page shows in one answer. An older version is
 * taken from the versions list and shown read-only (no transitions, no
 * diagram content: the service keeps those for the current version only).
 */
export async function elementPage(
  reads: SessionReads,
  outbox: OutboxStore,
  request: PageRequest,
): Promise<{ page: ElementPage; element: Element }> {
  const { facet, id } = request;
  const located = request.view
    ? { view: request.view, read: await reads.read((r) => r.getElement(facet, request.view!, id)) }
    : await locate(reads, facet, id);
  const { view } = located;
  const current = located.read.value;
  const [info, transitions, versions] = await Promise.all([
    section(reads.read((r) => r.getInfo(facet, view, id))),
    section(reads.read((r) => r.listTransitions(id))),
    section(reads.read((r) => r.listVersions(facet, view, id))),
  ]);
  let shown: Element = current;
  const readOnlyVersion = request.versionId !== undefined && request.versionId !== current.versionId;
  if (readOnlyVersion) {
    if (!versions) throw notFound(`version ${request.versionId} of element ${id}`);
    const version = versions.value.find((v) => v.versionId === request.versionId);
    if (!version) throw notFound(`version ${request.versionId} of element ${id}`);
    shown = version;
  }
  const hasDiagram = info?.value.hasDiagram === true || shown.type === 'process';
  const [types, content] = await Promise.all([
    section(reads.read((r) => r.getConfig(facet, view, shown.type))),
    !readOnlyVersion && hasDiagram ? section(reads.read((r) => r.getContent(facet, view, id))) : null,
  ]);
  const page: ElementPage = {
    ...freshnessOf([located.read, info, transitions, versions, types, content]),
    facet,
    view,
    element: await withExpandedNames(reads, facet, view, withRelatedNames(reads, shown)),
    info: info ? infoOf(info.value) : null,
    types: types ? typesOf(types.value) : null,
    transitions: readOnlyVersion || !transitions ? null : transitionsOf(transitions.value),
    versions: versions ? [...versions.value] : null,
    content: content ? contentOf(content.value) : null,
    readOnlyVersion,
    pending: pendingOf(outbox, id),
  };
  return { page, element: shown };
}
