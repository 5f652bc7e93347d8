/**
 * Places in the app, as hash URLs: back/forward and deep links come from the
 * browser history for free, and a route can be written into a link.
 */
export type Route =
  | { name: 'home' }
  | { name: 'profiles' }
  | { name: 'browse'; facet?: string; view?: string }
  | { name: 'element'; facet: string; view: string; id: string; versionId?: string }
  /** The editor's tabs; `newDiagram` opens a new, empty diagram in one (#/editor/new). */
  | { name: 'editor'; newDiagram?: boolean }
  /**
   * Open (or focus) a process's diagram in the editor, in the current content
   * culture; `select`: the BPMN element shown and selected once it is drawn.
   */
  | { name: 'edit'; facet: string; view: string; id: string; select?: string }
  | { name: 'conflict'; id: string }
  /** Compare versions of a process's diagram (the view picks them). */
  | { name: 'compare'; facet: string; view: string; id: string }
  /** Translate a process's texts from one content culture to another, optionally showing rows in one state. */
  | {
      name: 'translate';
      facet: string;
      view: string;
      id: string;
      source?: number;
      target?: number;
      state?: TranslateFilter;
    }
  | { name: 'about' }
  /**
   * Reports: the overview (no facet), a facet's elements (optionally where a
   * field has a value: a bar of the overview) or its hierarchy.
   */
  | { name: 'reports'; facet?: string; tab?: ReportsTab; field?: string; value?: string }
  /** Pushing tables into the tenant's data pool, and the pool's jobs. */
  | { name: 'dataPool' };

export type ReportsTab = 'elements' | 'hierarchy';

/** The rows a translate route shows: one state, or all. */
export type TranslateFilter = 'all' | 'missing' | 'same' | 'outdated' | 'done' | 'changed';
const translateFilters: readonly string[] = ['all', 'missing', 'same', 'outdated', 'done', 'changed'];
const CULTURE_PAIR = /^(\d{4})-(\d{4})$/;

const enc = encodeURIComponent;

/**
 * The view segment of an element route when the view is not known (a related
 * link names only the facet): main then finds a view of the facet that has it.
 */
export const ANY_VIEW = '*';

export function formatRoute(route: Route): string {
  switch (route.name) {
    case 'home':
      return '#/';
    case 'browse':
      return ['#/browse', route.facet, route.facet && route.view]
        .filter(Boolean)
        .map((part, i) => (i === 0 ? part : enc(part!)))
        .join('/');
    case 'element': {
      const base = `#/element/${enc(route.facet)}/${enc(route.view)}/${enc(route.id)}`;
      return route.versionId ? `${base}/version/${enc(route.versionId)}` : base;
    }
    case 'edit': {
      const base = `#/edit/${enc(route.facet)}/${enc(route.view)}/${enc(route.id)}`;
      return route.select ? `${base}/at/${enc(route.select)}` : base;
    }
    case 'compare':
      return `#/compare/${enc(route.facet)}/${enc(route.view)}/${enc(route.id)}`;
    case 'conflict':
      return `#/conflict/${enc(route.id)}`;
    case 'translate': {
      const base = `#/translate/${enc(route.facet)}/${enc(route.view)}/${enc(route.id)}`;
      if (!route.source || !route.target) return base;
      const pair = `${base}/${route.source}-${route.target}`;
      return route.state && route.state !== 'all' ? `${pair}/${route.state}` : pair;
    }
    case 'reports': {
      if (!route.facet) return '#/reports';
      const base = `#/reports/${enc(route.facet)}`;
      if (route.tab === 'hierarchy') return `${base}/hierarchy`;
      if (route.field && route.value !== undefined)
        return `${base}/elements/${enc(route.field)}/${enc(route.value)}`;
      return base;
    }
    case 'dataPool':
      return '#/data-pool';
    case 'editor':
      return route.newDiagram ? '#/editor/new' : '#/editor';
    default:
      return `#/${route.name}`;
  }
}

/** Anything unrecognised is home: a stale or hand-typed link never breaks the app. */
export function parseRoute(hash: string): Route {
  const parts = hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter((part) => part !== '')
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return '';
      }
    });
  const [name, a, b, c, d, e] = parts;
  switch (name) {
    case 'profiles':
    case 'about':
      return { name };
    case 'data-pool':
      return { name: 'dataPool' };
    case 'editor':
      return a === 'new' ? { name, newDiagram: true } : { name };
    case 'browse':
      return { name: 'browse', ...(a ? { facet: a } : {}), ...(a && b ? { view: b } : {}) };
    case 'element':
      if (!a || !b || !c) return { name: 'home' };
      return {
        name: 'element',
        facet: a,
        view: b,
        id: c,
        ...(d === 'version' && e ? { versionId: e } : {}),
      };
    case 'edit':
      if (!a || !b || !c) return { name: 'home' };
      return { name, facet: a, view: b, id: c, ...(d === 'at' && e ? { select: e } : {}) };
    case 'compare':
      return a && b && c ? { name, facet: a, view: b, id: c } : { name: 'home' };
    case 'conflict':
      return a ? { name, id: a } : { name: 'home' };
    case 'translate': {
      if (!a || !b || !c) return { name: 'home' };
      const pair = d ? CULTURE_PAIR.exec(d) : null;
      return {
        name,
        facet: a,
        view: b,
        id: c,
        ...(pair ? { source: Number(pair[1]), target: Number(pair[2]) } : {}),
        ...(pair && e && translateFilters.includes(e) ? { state: e as TranslateFilter } : {}),
      };
    }
    case 'reports':
      if (!a) return { name };
      if (b === 'hierarchy') return { name, facet: a, tab: 'hierarchy' };
      if (b === 'elements' && c && d !== undefined)
        return { name, facet: a, tab: 'elements', field: c, value: d };
      return { name, facet: a, tab: 'elements' };
    default:
      return { name: 'home' };
  }
}

/** Routes the editor workspace shows (it stays alive, hidden, on every other route). */
export function isEditorRoute(route: Route): boolean {
  return route.name === 'editor' || route.name === 'edit';
}

/** Components ask the shell to go somewhere with this event; the shell owns the history. */
export function navigateEvent(route: Route): CustomEvent<Route> {
  return new CustomEvent<Route>('navigate', { detail: route, bubbles: true });
}
