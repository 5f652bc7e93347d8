/**
 * How the user arranged the workspace (panel sizes and visibility, grid),
 * held once for the whole renderer. The shell feeds it every settings
 * snapshot main sends; views read it and write changes back through
 * `settings.update` with only the fields they change (main merges the
 * workbench field by field, so two panels never undo each other).
 */
import type { WorkbenchSettings } from '../../shared/domain/settings.ts';
import type { LanesClient } from '../bridge/lanes-client.ts';

type Listener = (workbench: WorkbenchSettings) => void;

class WorkbenchStore {
  #current: WorkbenchSettings = {};
  #client: LanesClient | undefined;
  readonly #listeners = new Set<Listener>();

  get current(): WorkbenchSettings {
    return this.#current;
  }

  connect(client: LanesClient | undefined): void {
    this.#client = client;
  }

  /** A settings snapshot from main (start, or after any change). */
  apply(workbench: WorkbenchSettings | undefined): void {
    this.#current = { ...workbench };
    for (const listener of this.#listeners) listener(this.#current);
  }

  /** Shown at once, stored in main; a failed write is retried by the next change (it is only layout). */
  update(patch: Omit<WorkbenchSettings, 'landscape'>): void {
    this.apply({ ...this.#current, ...patch });
    this.#client?.request('settings.update', { workbench: patch }).catch(() => undefined);
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

export const workbench = new WorkbenchStore();
