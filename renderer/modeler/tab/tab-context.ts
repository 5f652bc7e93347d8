/**
 * What an editor tab lends the modules that act for it (local file, recovery
 * slot, publishing): its state (TabState, which re-renders the tab on every
 * change), the panels it opens, and the few private things they need.
 */
import type { EditorTarget } from '../../../shared/domain/editor.ts';
import type { LanesClient } from '../../bridge/lanes-client.ts';
import type { DiagramSession } from '../canvas/diagram-session.ts';
import type { TabState } from './tab-state.ts';

export interface TabFields extends EventTarget {
  readonly client: LanesClient;
  readonly tabKey: string;
  /** The document, notice and busy state: changed only through it. */
  readonly state: TabState;
  problemsOpen: boolean;
  /** For state a module keeps itself: render the tab again. */
  requestUpdate(): void;
  /** Resolves once the tab's pending render is in the page. */
  readonly updateComplete: Promise<boolean>;
}

export interface TabContext {
  readonly tab: TabFields;
  /** null before the tab's first render and after it is gone. */
  session(): DiagramSession | null;
  /** The process the tab shows; null for a local file. */
  target(): EditorTarget | null;
  reportError(error: unknown): void;
  /** Title, dirty state or badge may have changed: tell the workspace. */
  reportStatus(): void;
}
