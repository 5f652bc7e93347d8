import type { LanesClient } from '../../bridge/lanes-client.ts';
import type { TabSource } from '../tab/editor-tabs.ts';

/** What the file opener needs from the editor workspace. */
interface FileOpenerHost {
  client(): LanesClient;
  /** Shows a file in a tab (a new one, or the one it already has). */
  showFile(source: TabSource & { kind: 'file' }, options: { toEditor: boolean }): void;
  reportError(error: unknown): void;
}

/**
 * How local files reach the editor's tabs: the Open dialog, the start page's
 * recent list, a tab reopened after closing, and files from the operating
 * system (command line, second launch, open-file), which main keeps until
 * they are taken, so a file named at start-up is not missed while the window
 * loads. Main decides which paths may be read; this only asks.
 */
export class WorkspaceFiles {
  readonly #host: FileOpenerHost;
  /** How to stop following `files.osOpensWaiting`; set while followed. */
  #stopOsOpens: (() => void) | undefined;

  constructor(host: FileOpenerHost) {
    this.#host = host;
  }

  /** Follows the files the OS hands over (once; again after `stop`). */
  followOsOpens(): void {
    if (this.#stopOsOpens) return;
    this.#stopOsOpens = this.#host.client().on('files.osOpensWaiting', () => void this.#takeOsOpens());
    void this.#takeOsOpens();
  }

  stop(): void {
    this.#stopOsOpens?.();
    this.#stopOsOpens = undefined;
  }

  /** The Open dialog; nothing when the user cancels. */
  async openDialog(): Promise<void> {
    await this.#open(async (client) => client.request('files.openBpmn', {}), true);
  }

  /** A file from the start page's recent list. */
  async openRecent(path: string): Promise<void> {
    await this.#open(async (client) => client.request('files.openRecent', { path }), false);
  }

  /** A file Lanes may read (reopened, or handed over by the OS), as it is now on disk. */
  async openPath(path: string): Promise<void> {
    await this.#open(async (client) => client.request('files.readBpmn', { path }), true);
  }

  async #takeOsOpens(): Promise<void> {
    const client = this.#host.client();
    try {
      const { paths } = await client.request('files.takeOsOpens', {});
      for (const path of paths) await this.openPath(path);
    } catch (error) {
      this.#host.reportError(error);
    }
  }

  async #open(
    read: (client: LanesClient) => Promise<Omit<TabSource & { kind: 'file' }, 'kind'> | null>,
    toEditor: boolean,
  ): Promise<void> {
    const client = this.#host.client();
    try {
      const opened = await read(client);
      if (opened) this.#host.showFile({ kind: 'file', ...opened }, { toEditor });
    } catch (error) {
      this.#host.reportError(error);
    }
  }
}
