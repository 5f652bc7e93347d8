/**
 * A tab's local .bpmn file: open it, save it (or Save as), watch it for
 * changes by other programs, and settle such a change with Reload, Keep mine
 * or Overwrite. Main decides what may be read and written; this module only
 * hands back the paths main gave it.
 */
import { html } from 'lit';
import { OpenedOnce } from '../../base/opened-once.ts';
import type { OpenedFile } from '../../../shared/domain/editor.ts';
import { LanesError } from '../../../shared/ipc/errors.ts';
import { t } from '../../i18n/locale-controller.ts';
import type { DiagramSession } from '../canvas/diagram-session.ts';
import type { TabSource } from './editor-tabs.ts';
import { exportFileName } from '../../base/file-names.ts';
import type { TabContext } from './tab-context.ts';
import '../../base/confirm-dialog.ts';

type FileState = { path: string | null; name: string; mtimeMs: number | null };
/**
 * changed: an outside change was seen; saveRefused: a save found the file
 * changed; deleted: gone from disk.
 */
type FileBanner = 'changed' | 'deleted' | 'saveRefused' | null;

export class FileActions {
  readonly #context: TabContext;
  #file: FileState | null = null;
  #banner: FileBanner = null;
  /** "Keep mine" was chosen: the next save writes over the outside change. */
  #overwriteNext = false;
  /** How the file was decoded when it was not UTF-8; cleared once the note is dismissed or it is saved. */
  #convertedFrom: string | null = null;
  /** The user agreed once that saving over the file drops what the editor could not read. */
  #lossesAccepted = false;
  /** A save waits for that answer. */
  #answerLosses: ((save: boolean) => void) | null = null;
  readonly #lossesDialog = new OpenedOnce();

  constructor(context: TabContext) {
    this.#context = context;
  }

  /** null: the tab shows a process, not a file. */
  get file(): FileState | null {
    return this.#file;
  }

  get banner(): FileBanner {
    return this.#banner;
  }

  get convertedFrom(): string | null {
    return this.#convertedFrom;
  }

  dismissConversion(): void {
    this.#convertedFrom = null;
    this.#context.tab.requestUpdate();
  }

  #set(file: FileState | null, banner: FileBanner): void {
    this.#file = file;
    this.#banner = banner;
    this.#context.tab.requestUpdate();
  }

  async load(source: Extract<TabSource, { kind: 'file' }>, session: DiagramSession): Promise<void> {
    const { path, name, xml, mtimeMs } = source;
    this.#convertedFrom = source.convertedFrom ?? null;
    this.#set({ path, name, mtimeMs }, null);
    // A new diagram (no path) is not stored anywhere yet: it starts unsaved.
    await session.import(xml, path === null);
    if (path) await this.#context.tab.client.request('files.watch', { path });
  }

  /** main's watcher saw the file change (null time: deleted or moved away). */
  onDiskChange(change: { path: string; mtimeMs: number | null }): void {
    const file = this.#file;
    if (!file?.path || change.path !== file.path) return;
    if (change.mtimeMs !== null && change.mtimeMs === file.mtimeMs) return;
    this.#set(file, change.mtimeMs === null ? 'deleted' : 'changed');
  }

  /** Writes the editor's XML to the file (Save as: to a file the user picks); true when written. */
  async save(saveAs: boolean, overwrite = false): Promise<boolean> {
    const { tab } = this.#context;
    const client = tab.client;
    const session = this.#context.session();
    const file = this.#file;
    if (!session || !file) return false;
    const losses = session.importWarnings.length;
    if (!saveAs && file.path && losses > 0 && !this.#lossesAccepted) {
      if (!(await this.#askAboutLosses())) return false;
      this.#lossesAccepted = true;
    }
    try {
      const xml = await session.xml();
      const saved = await client.request('files.saveBpmn', {
        path: saveAs ? null : file.path,
        xml,
        suggestedName: file.name.endsWith('.bpmn') ? file.name : exportFileName(file.name, 'bpmn'),
        expectedMtimeMs: saveAs ? null : file.mtimeMs,
        ...(overwrite || this.#overwriteNext ? { overwrite: true } : {}),
      });
      if (!saved) return false;
      const previousPath = file.path;
      const current = { path: saved.path, name: saved.name, mtimeMs: saved.mtimeMs };
      this.#set(current, null);
      this.#overwriteNext = false;
      // Written as UTF-8: the conversion is done and need not be mentioned again.
      this.#convertedFrom = null;
      session.markSaved();
      tab.state.say(t('editor.saved.file', { name: saved.name }));
      if (previousPath !== saved.path) {
        if (previousPath) void client.request('files.unwatch', { path: previousPath }).catch(() => {});
        void client.request('files.watch', { path: saved.path }).catch(() => {});
        const source: TabSource = { kind: 'file', ...current, xml };
        tab.dispatchEvent(
          new CustomEvent('tab-rekey', { detail: { key: tab.tabKey, source }, bubbles: true }),
        );
      }
      this.#context.reportStatus();
      return true;
    } catch (error) {
      if (error instanceof LanesError && error.code === 'file.changedOnDisk') {
        this.#set(this.#file, 'saveRefused');
        return false;
      }
      this.#context.reportError(error);
      return false;
    }
  }

  /**
   * Reload: shows the file as it is on disk now, clean, with its new time.
   * If the new content cannot be shown, the editor's own diagram comes back.
   */
  async reload(): Promise<void> {
    const client = this.#context.tab.client;
    const session = this.#context.session();
    const path = this.#file?.path;
    if (!session || !path) return;
    let opened: OpenedFile;
    try {
      opened = await client.request('files.readBpmn', { path });
    } catch (error) {
      this.#context.reportError(error);
      return;
    }
    const mine = await session.xml().catch(() => null);
    const mineWasDirty = session.dirty;
    try {
      await session.import(opened.xml);
    } catch (error) {
      if (mine) await session.import(mine, mineWasDirty).catch(() => {});
      // bpmn-js's reason, said once; it is not a fault inside Lanes.
      const reason = error instanceof Error ? error.message : String(error);
      this.#context.tab.state.say(t('editor.failed', { reason }));
      return;
    }
    this.#overwriteNext = false;
    this.#convertedFrom = opened.convertedFrom;
    this.#lossesAccepted = false;
    this.#set({ path: opened.path, name: opened.name, mtimeMs: opened.mtimeMs }, null);
    void session
      .lint()
      .then(() => this.#context.tab.requestUpdate())
      .catch(() => {});
    this.#context.reportStatus();
  }

  /**
   * "Keep mine" after an outside change: the next save overwrites the file,
   * knowingly. "Overwrite" after a refused save: write now.
   */
  async keepMine(): Promise<void> {
    const banner = this.#banner;
    this.#set(this.#file, null);
    if (banner === 'saveRefused') await this.save(false, true);
    else this.#overwriteNext = true;
  }

  #askAboutLosses(): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      this.#answerLosses = resolve;
      this.#context.tab.requestUpdate();
    });
  }

  #answer(save: boolean): void {
    this.#answerLosses?.(save);
    this.#answerLosses = null;
    this.#context.tab.requestUpdate();
  }

  /** "Save over NAME? N items could not be read …", open while a save waits for it. */
  renderLossesDialog(): unknown {
    const name = this.#file?.name ?? '';
    const count = this.#context.session()?.importWarnings.length ?? 0;
    return this.#lossesDialog.render(
      this.#answerLosses !== null,
      (open) =>
        html`<lanes-confirm-dialog
          data-testid="editor-save-losses-dialog"
          .open=${open}
          .heading=${t('editor.saveLosses.heading', { name })}
          .body=${t('editor.saveLosses.body', { count, name })}
          .confirmLabel=${t('editor.saveLosses.confirm')}
          .cancelLabel=${t('editor.close.cancel')}
          @dialog-confirm=${() => this.#answer(true)}
          @dialog-cancel=${() => this.#answer(false)}
        ></lanes-confirm-dialog>`,
    );
  }

  /** The tab is closing: main stops watching its file. */
  release(): void {
    const path = this.#file?.path;
    if (path) void this.#context.tab.client.request('files.unwatch', { path }).catch(() => {});
  }
}
