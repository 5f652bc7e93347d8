import { LanesError } from '../../shared/ipc/errors.ts';
import type { Element } from '../../shared/domain/process.ts';
import type { Read } from '../cache/cached-reader-api.ts';
import type { SessionReads } from './session-reads.ts';

/**
 * A related link names only the facet: the element is shown in the first
 * view that has it (the one it was last shown in, then cached listings, then
 * every view of the facet in order), and that choice is remembered.
 */
export async function locate(
  reads: SessionReads,
  facet: string,
  id: string,
): Promise<{ view: string; read: Read<Element> }> {
  const candidates: string[] = [];
  const remembered = reads.rememberedView(facet, id);
  if (remembered) candidates.push(remembered);
  candidates.push(...reads.session.store.viewsListing(facet, id));
  try {
    const views = await reads.read((r) => r.listViews(facet));
    candidates.push(...views.value.map((v) => v.name));
  } catch (error) {
    if (candidates.length === 0) throw error;
  }
  for (const view of new Set(candidates)) {
    try {
      const read = await reads.read((r) => r.getElement(facet, view, id));
      reads.rememberView(facet, id, view);
      return { view, read };
    } catch (error) {
      // A view that does not list this type answers 404 (or 400): try the next.
      const next =
        error instanceof LanesError && (error.code === 'api.notFound' || error.code === 'api.badRequest');
      if (!next) throw error;
    }
  }
  throw new LanesError({
    code: 'api.notFound',
    message: `get element: not found (element ${id}).`,
    params: { operation: 'getElement', what: `element ${id}` },
  });
}
