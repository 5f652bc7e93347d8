/**
 * The screens, one row per route: how each is drawn and which navigation
 * section it belongs to. A new screen adds its route (base/routes.ts) and a
 * row here; the app frame (lanes-app.ts) only looks the route up.
 */
import { html, nothing } from 'lit';
import type { Route } from '../base/routes.ts';
import { renderLazy } from './lazy-views.ts';
import '../welcome/welcome-panel.ts';
import '../about/about-panel.ts';
import '../profiles/profiles-page.ts';
import '../navigator/navigator-page.ts';
import '../element/element-page.ts';
import '../reports/reports-page.ts';
import '../datapool/data-pool-page.ts';

/** What every screen may be given (the IPC client each takes from the app root's context). */
interface ScreenContext {
  /** The content culture (LCID). */
  culture: number;
}

/** The navigation entries; a screen highlights the one it belongs to. */
export type Section = 'home' | 'browse' | 'reports' | 'profiles' | 'editor' | 'dataPool' | 'about';

type RouteOf<N extends Route['name']> = Extract<Route, { name: N }>;

interface Screen<N extends Route['name']> {
  section: Section;
  render(route: RouteOf<N>, context: ScreenContext): unknown;
}

type ScreenTable = { [N in Route['name']]: Screen<N> };

export const screens: ScreenTable = {
  home: {
    section: 'home',
    render: () => html`<lanes-welcome-panel></lanes-welcome-panel>`,
  },
  profiles: {
    section: 'profiles',
    render: () => html`<lanes-profiles-page></lanes-profiles-page>`,
  },
  browse: {
    section: 'browse',
    render: (route, { culture }) =>
      html`<lanes-navigator .culture=${culture} .facet=${route.facet} .view=${route.view}></lanes-navigator>`,
  },
  element: {
    section: 'browse',
    render: (route, { culture }) =>
      html`<lanes-element-page
        .culture=${culture}
        .facet=${route.facet}
        .view=${route.view}
        .elementId=${route.id}
        .versionId=${route.versionId}
      ></lanes-element-page>`,
  },
  // The editor workspace stays once drawn (tabs outlive navigation): the frame draws it, not the table.
  editor: { section: 'editor', render: () => nothing },
  edit: { section: 'editor', render: () => nothing },
  conflict: {
    section: 'browse',
    // Compare and conflict need bpmn-js: chunks of their own, loaded on first use.
    render: (route) =>
      renderLazy('conflict', () => html`<lanes-conflict-view .conflictId=${route.id}></lanes-conflict-view>`),
  },
  compare: {
    section: 'browse',
    render: (route, { culture }) =>
      renderLazy(
        'compare',
        () =>
          html`<lanes-compare-view
            .facet=${route.facet}
            .view=${route.view}
            .elementId=${route.id}
            .culture=${culture}
          ></lanes-compare-view>`,
      ),
  },
  translate: {
    section: 'browse',
    // The small diagram needs bpmn-js: a chunk of its own, like compare.
    render: (route, { culture }) =>
      renderLazy(
        'translate',
        () =>
          html`<lanes-translate-page
            .culture=${culture}
            .facet=${route.facet}
            .view=${route.view}
            .elementId=${route.id}
            .source=${route.source}
            .target=${route.target}
            .filter=${route.state}
          ></lanes-translate-page>`,
      ),
  },
  reports: {
    section: 'reports',
    render: (route, { culture }) =>
      html`<lanes-reports-page
        .culture=${culture}
        .facet=${route.facet}
        .tab=${route.tab ?? 'elements'}
        .field=${route.field}
        .value=${route.value}
      ></lanes-reports-page>`,
  },
  dataPool: {
    section: 'dataPool',
    render: () => html`<lanes-data-pool-page></lanes-data-pool-page>`,
  },
  about: {
    section: 'about',
    render: () => html`<lanes-about-panel></lanes-about-panel>`,
  },
};

/** Draws the screen of a route. */
export function renderScreen(route: Route, context: ScreenContext): unknown {
  const screen = screens[route.name] as Screen<Route['name']>;
  return screen.render(route as never, context);
}

export function sectionOf(route: Route): Section {
  return screens[route.name].section;
}
