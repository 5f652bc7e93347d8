/**
 * Which diagrams are open in the editor and which one is in front. Pure
 * state, so the workspace element only renders it.
 */
import type { EditorTarget } from '../../shared/domain/editor.ts';

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
}

export const noTabs: EditorTabsState = { tabs: [], activeKey: null };

/** One tab per process and culture; one per file path. */
export function tabKey(source: TabSource, unsavedCounter = 0): string {
  if (source.kind === 'process') return `process:${source.target.culture}:${source.target.id}`;
  return source.path === null ? `new:${unsavedCounter}` : `file:${source.path}`;
}

/** Opens a tab, or brings the existing one with the same key to the front. */
export function openTab(state: EditorTabsState, entry: EditorTabEntry): EditorTabsState {
  const exists = state.tabs.some((tab) => tab.key === entry.key);
  return { tabs: exists ? state.tabs : [...state.tabs, entry], activeKey: entry.key };
}

export function activateTab(state: EditorTabsState, key: string): EditorTabsState {
  return state.tabs.some((tab) => tab.key === key) ? { ...state, activeKey: key } : state;
}

/** Closing the front tab brings its right neighbour forward (the left one at the end). */
export function closeTab(state: EditorTabsState, key: string): EditorTabsState {
  const index = state.tabs.findIndex((tab) => tab.key === key);
  if (index === -1) return state;
  const tabs = state.tabs.filter((tab) => tab.key !== key);
  if (state.activeKey !== key) return { tabs, activeKey: state.activeKey };
  const next = tabs[Math.min(index, tabs.length - 1)];
  return { tabs, activeKey: next?.key ?? null };
}

/** A file tab saved under a new path (Save as) keeps its place and gets the path's key. */
export function rekeyTab(state: EditorTabsState, key: string, source: TabSource): EditorTabsState {
  const newKey = tabKey(source);
  if (newKey === key) return state;
  return {
    tabs: state.tabs
      .filter((tab) => tab.key !== newKey)
      .map((tab) => (tab.key === key ? { key: newKey, source, renderKey: tab.renderKey ?? tab.key } : tab)),
    activeKey: state.activeKey === key ? newKey : state.activeKey,
  };
}
