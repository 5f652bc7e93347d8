/**
 * Which diagrams are open in the editor and which one is in front. Pure
 * state, so the workspace element only renders it.
 */
import type { EditorTarget } from '../../../shared/domain/editor.ts';

export type TabSource =
  | { kind: 'process'; target: EditorTarget }
  /** A local .bpmn file (path null: a new diagram not saved anywhere yet). */
  | {
      kind: 'file';
      path: string | null;
      name: string;
      xml: string;
      mtimeMs: number | null;
      /** The file was read as this encoding, not UTF-8 (it is saved as UTF-8). */
      convertedFrom?: string | null;
    };

export interface EditorTabEntry {
  key: string;
  source: TabSource;
  /** Stays the same when the key changes (Save as), so the tab's editor is not rebuilt. */
  renderKey?: string;
}

export interface EditorTabsState {
  tabs: readonly EditorTabEntry[];
  activeKey: string | null;
  /** Closed tabs that can be reopened (Ctrl+Shift+T), the last closed at the end. */
  closed: readonly EditorTabEntry[];
}

export const noTabs: EditorTabsState = { tabs: [], activeKey: null, closed: [] };

/** How many closed tabs Ctrl+Shift+T can bring back. */
export const reopenableTabs = 10;

/** One tab per process and culture; one per file path. */
export function tabKey(source: TabSource, unsavedCounter = 0): string {
  if (source.kind === 'process') return `process:${source.target.culture}:${source.target.id}`;
  return source.path === null ? `new:${unsavedCounter}` : `file:${source.path}`;
}

/** Opens a tab, or brings the existing one with the same key to the front. */
export function openTab(state: EditorTabsState, entry: EditorTabEntry): EditorTabsState {
  const exists = state.tabs.some((tab) => tab.key === entry.key);
  return {
    tabs: exists ? state.tabs : [...state.tabs, entry],
    activeKey: entry.key,
    closed: state.closed.filter((tab) => tab.key !== entry.key),
  };
}

export function activateTab(state: EditorTabsState, key: string): EditorTabsState {
  return state.tabs.some((tab) => tab.key === key) ? { ...state, activeKey: key } : state;
}

/**
 * Closing the front tab brings its right neighbour forward (the left one at the end).
 * The closed tab can be reopened, unless it was a new diagram never saved: there is
 * nothing to reopen it from.
 */
export function closeTab(state: EditorTabsState, key: string): EditorTabsState {
  const index = state.tabs.findIndex((tab) => tab.key === key);
  if (index === -1) return state;
  const entry = state.tabs[index]!;
  const tabs = state.tabs.filter((tab) => tab.key !== key);
  const reopenable = entry.source.kind === 'process' || entry.source.path !== null;
  const closed = reopenable
    ? [...state.closed.filter((tab) => tab.key !== key), { key, source: entry.source }].slice(-reopenableTabs)
    : state.closed;
  if (state.activeKey !== key) return { tabs, activeKey: state.activeKey, closed };
  const next = tabs[Math.min(index, tabs.length - 1)];
  return { tabs, activeKey: next?.key ?? null, closed };
}

/** The tab `step` places right (positive) or left of the front one, wrapping around (Ctrl+Tab). */
export function neighbourTab(state: EditorTabsState, step: number): string | null {
  const count = state.tabs.length;
  if (count === 0) return null;
  const index = Math.max(
    0,
    state.tabs.findIndex((tab) => tab.key === state.activeKey),
  );
  return state.tabs[(((index + step) % count) + count) % count]!.key;
}

/** Takes the last closed tab off the reopen list; the caller opens it (a file is read again first). */
export function takeLastClosed(state: EditorTabsState): {
  entry: EditorTabEntry | null;
  state: EditorTabsState;
} {
  const entry = state.closed.at(-1) ?? null;
  return { entry, state: entry ? { ...state, closed: state.closed.slice(0, -1) } : state };
}

/** A file tab saved under a new path (Save as) keeps its place and gets the path's key. */
export function rekeyTab(state: EditorTabsState, key: string, source: TabSource): EditorTabsState {
  const newKey = tabKey(source);
  if (newKey === key) return state;
  return {
    ...state,
    tabs: state.tabs
      .filter((tab) => tab.key !== newKey)
      .map((tab) => (tab.key === key ? { key: newKey, source, renderKey: tab.renderKey ?? tab.key } : tab)),
    activeKey: state.activeKey === key ? newKey : state.activeKey,
  };
}
