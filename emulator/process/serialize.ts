/** Turns stored rows into the JSON shapes of spec §2.4–2.7, honouring $resources/$select/$expandRelated. */
import type { EmulatorContext } from '../context.ts';
import { FACETS, typeDef } from '../model/catalog.ts';
import { getFlows, getShapes } from '../store/content.ts';
import type { ElementRow, StoredRef } from '../store/elements.ts';
import { childrenOf, getCurrent, rootPathOf } from '../store/elements.ts';
import { ServiceError } from './result.ts';

const RESOURCES = ['attributes', 'related', 'children', 'content', 'displayNames', 'rootPath'] as const;

interface Shaping {
  resources: Set<string> | null;
  select: Set<string> | null;
  expand: Set<string>;
  /** Hierarchical views nest full child elements instead of references. */
  nestChildren: boolean;
}

export function csv(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export function shapingFrom(query: Record<string, unknown>, nestChildren = false): Shaping {
  const resources = csv(query.$resources);
  for (const r of resources) {
    if (!(RESOURCES as readonly string[]).includes(r)) {
      throw new ServiceError(400, `Unknown resource "${r}" in $resources; allowed: ${RESOURCES.join(', ')}`);
    }
  }
  const select = csv(query.$select);
  return {
    resources: resources.length ? new Set(resources) : null,
    select: select.length ? new Set(select) : null,
    expand: new Set(csv(query.$expandRelated)),
    nestChildren,
  };
}

const wants = (s: Shaping, r: string): boolean => s.resources === null || s.resources.has(r);

export function viewFor(facet: string, type: string): string {
  const f = FACETS.find((x) => x.name === facet);
  const view =
    f?.views.find((v) => v.types?.includes(type)) ?? f?.views.find((v) => v.types === null) ?? f?.views[0];
  return view?.name ?? 'default';
}

export function expandUri(ctx: EmulatorContext, facet: string, type: string, id: string): string {
  const c = ctx.config;
  return `${c.processBaseUrl}/${c.collectionId}/${c.storageId}/_api/rest/facets/${facet}/views/${viewFor(facet, type)}/elements/${id}`;
}

export class Serializer {
  private readonly cache = new Map<string, ElementRow | undefined>();
  private readonly ctx: EmulatorContext;
  constructor(ctx: EmulatorContext) {
    this.ctx = ctx;
  }

  lookup(id: string): ElementRow | undefined {
    if (!this.cache.has(id)) this.cache.set(id, getCurrent(this.ctx.db, id));
    return this.cache.get(id);
  }

  ref(stored: StoredRef, expand: boolean): Record<string, unknown> {
    const target = this.lookup(stored.id);
    const ref: Record<string, unknown> = {
      facetName: target?.facet ?? '',
      id: stored.id,
      creationId: target?.creationId ?? stored.id,
      type: target?.type ?? '',
    };
    if (stored.versionId) ref.versionId = stored.versionId;
    if (stored.state) ref.state = stored.state;
    if (target) ref.expandUri = expandUri(this.ctx, target.facet, target.type, target.id);
    if (expand && target) ref.attributes = target.attributes;
    return ref;
  }

  related(row: ElementRow, shaping: Shaping, only?: string): Record<string, unknown[]> {
    const out: Record<string, unknown[]> = {};
    for (const [name, refs] of Object.entries(row.related)) {
      if (only !== undefined && name !== only) continue;
      if (shaping.select && !shaping.select.has(name)) continue;
      out[name] = refs.map((r) => this.ref(r, shaping.expand.has(name)));
    }
    return out;
  }

  attributes(row: ElementRow, shaping: Shaping, only?: string): Record<string, Record<string, string>> {
    const out: Record<string, Record<string, string>> = {};
    for (const [name, value] of Object.entries(row.attributes)) {
      if (only !== undefined && name !== only) continue;
      if (shaping.select && !shaping.select.has(name)) continue;
      out[name] = value;
    }
    return out;
  }

  element(row: ElementRow, shaping: Shaping, depth = 0): Record<string, unknown> {
    const out: Record<string, unknown> = {
      facetName: row.facet,
      id: row.id,
      creationId: row.creationId,
      versionId: row.versionId,
      type: row.type,
      state: row.state,
    };
    if (wants(shaping, 'displayNames')) out.displayNames = typeDef(row.type)?.displayNames ?? {};
    if (wants(shaping, 'attributes')) out.attributes = this.attributes(row, shaping);
    if (wants(shaping, 'related')) out.related = this.related(row, shaping);
    if (wants(shaping, 'children')) {
      const children = childrenOf(this.ctx.db, row.id);
      out.children =
        shaping.nestChildren && depth < 32
          ? children.map((c) => this.element(c, shaping, depth + 1))
          : children.map((c) => this.ref({ id: c.id }, false));
    }
    if (wants(shaping, 'content')) out.content = this.content(row);
    if (wants(shaping, 'rootPath')) out.rootPath = rootPathOf(this.ctx.db, row);
    return out;
  }

  content(row: ElementRow): Array<Record<string, unknown>> {
    const shapes = getShapes(this.ctx.db, row.versionId);
    if (shapes.length === 0) return [];
    const flows = getFlows(this.ctx.db, row.versionId);
    const byShape = new Map(shapes.map((s) => [s.shapeId, s]));
    return shapes.map((s) => {
      const el = this.lookup(s.elementId);
      const predecessors = flows
        .filter((f) => f.target === s.shapeId)
        .map((f) => byShape.get(f.source))
        .filter((p) => p !== undefined)
        .map((p) => ({ ...this.ref({ id: p.elementId }, false), properties: { shapeId: p.shapeId } }));
      return {
        facetName: el?.facet ?? row.facet,
        id: s.elementId,
        creationId: el?.creationId ?? s.elementId,
        type: el?.type ?? '',
        attributes: el?.attributes ?? {},
        properties: { shapeId: s.shapeId, predecessors },
      };
    });
  }
}
