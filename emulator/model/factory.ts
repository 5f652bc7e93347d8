/** Builds new element rows with the bookkeeping attributes every element carries. */
import type { AttributeMap, CultureMap, ElementRow, RelatedMap } from '../store/elements.ts';
import { INVARIANT, state1For } from './catalog.ts';

export interface NewElement {
  id: string;
  versionId?: string;
  facet: string;
  type: string;
  names: CultureMap;
  state?: string;
  parentId?: string | null;
  ord: number;
  now: string;
  userId: string | null;
  attributes?: AttributeMap;
  related?: RelatedMap;
  version?: string;
}

export function makeElement(spec: NewElement): ElementRow {
  const state = spec.state ?? 'inProcess';
  const inv = (value: string): CultureMap => ({ [INVARIANT]: value });
  const user = spec.userId ? [{ id: spec.userId }] : [];
  return {
    versionId: spec.versionId ?? spec.id,
    id: spec.id,
    creationId: spec.id,
    facet: spec.facet,
    type: spec.type,
    state,
    parentId: spec.parentId ?? null,
    ord: spec.ord,
    isCurrent: true,
    versionSeq: 1,
    attributes: {
      name: spec.names,
      createdOn: inv(spec.now),
      changedOn: inv(spec.now),
      state1: inv(state1For(state)),
      version: inv(spec.version ?? '0.1'),
      ...spec.attributes,
    },
    related: { author: user, createdBy: user, changedBy: user, ...spec.related },
  };
}
