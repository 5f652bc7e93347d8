import { readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { LanesError } from '../../shared/ipc/errors.ts';
import { bpmnProblem } from '../bpmn/bpmn-check.ts';
import { toCsv } from './csv.ts';
import { writeFileAtomically } from './atomic-write.ts';
import type { ExportFormat, FileDialogs } from './file-dialogs.ts';
import { FileWatchers } from './file-watchers.ts';
import { looksLikePdf, type PagePrinter } from './page-printer.ts';
import type { PrintRequest } from '../../shared/domain/print.ts';
import { declareUtf8, decodeXml, UnsupportedEncodingError, type DecodedXml } from './xml-decoding.ts';

interface FileServiceOptions {
  /** Absent where no window can show dialogs: the file channels then refuse with a clear error. */
  dialogs?: FileDialogs | undefined;
  /** A watched file changed on disk, by someone other than Lanes (null time: it is gone). */
  onChanged: (change: { path: string; mtimeMs: number | null }) => void;
  /** Files from the operating system wait to be taken (`takeOsOpens`). */
  onOsOpensWaiting?: () => void;
  /** A .bpmn file was opened or saved: the OS's recent documents list (Electron) hears of it. */
  onRecentDocument?: (path: string) => void;
  /** Whether the path is on the recent files list (chosen by the user before, so it may be opened again). */
  isRecent?: (path: string) => boolean;
  /** Prints the app window (Electron's webContents, Chromium's page.pdf in the harness); absent: refused. */
  printer?: PagePrinter | undefined;
}

export interface OpenedFile {
  path: string;
  name: string;
  xml: string;
  mtimeMs: number;
  /** The file was not plain UTF-8: how it was read (it is saved as UTF-8); null when it was. */
  convertedFrom: string | null;
}

interface SavedFile {
  path: string;
  name: string;
  mtimeMs: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** In words; a missing path means the file when reading and its folder when writing. */
function reasonOf(error: unknown, access: 'read' | 'write'): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'the disk is read-only';
  if (code === 'ENOENT') return access === 'read' ? 'the file does not exist' : 'the folder does not exist';
  if (code === 'EISDIR') return 'it is a folder';
  return error instanceof Error ? error.message : String(error);
}

function mtimeOf(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Local .bpmn files and image exports. Paths come only from the user's own
 * choices in this run's dialogs: the renderer may hand one back (to save
 * again, or to watch it) but never name a new one. Writes are atomic, and a
 * file changed by another program since it was read is not overwritten
 * unless the user says so.
 */
export class FileService {
  readonly #options: FileServiceOptions;
  readonly #chosen = new Set<string>();
  readonly #watchers: FileWatchers;
  readonly #fromOs: string[] = [];

  constructor(options: FileServiceOptions) {
    this.#options = options;
    this.#watchers = new FileWatchers((path, mtimeMs) => options.onChanged({ path, mtimeMs }));
  }

  #dialogs(path: string, code: 'file.unreadable' | 'file.writeFailed'): FileDialogs {
    if (this.#options.dialogs) return this.#options.dialogs;
    throw new LanesError({
      code,
      message: `Lanes cannot reach ${path}: no file dialog is available here.`,
      params: { path, reason: 'noFileDialog' },
    });
  }

  #choose(path: string): string {
    const absolute = resolve(path);
    this.#chosen.add(absolute);
    return absolute;
  }

  /** A path the user chose earlier in this run, or a refusal. */
  #known(path: string, access: 'read' | 'write' = 'write'): string {
    const absolute = resolve(path);
    if (this.#chosen.has(absolute)) return absolute;
    if (access === 'read') {
      const reason = 'Lanes reads only files chosen in its own dialogs; use Open';
      throw new LanesError({
        code: 'file.unreadable',
        message: `Lanes could not read ${path}: ${reason}.`,
        params: { path, reason },
      });
    }
    const reason = 'Lanes writes only to files chosen in its own dialogs; use Save as';
    throw new LanesError({
      code: 'file.writeFailed',
      message: `Lanes could not write ${path}: ${reason}.`,
      params: { path, reason },
    });
  }

  async openBpmn(): Promise<OpenedFile | null> {
    const chosen = await this.#dialogs('the file', 'file.unreadable').chooseBpmnToOpen();
    if (chosen === null) return null;
    return this.#read(this.#choose(chosen));
  }

  /**
   * Files the operating system handed to Lanes (command line, second launch,
   * macOS open-file): the user chose them there, as in a dialog, so they may
   * be read and saved. They wait until the renderer takes them, so none is
   * lost while the window is still loading.
   */
  openFromOs(paths: readonly string[]): void {
    if (paths.length === 0) return;
    for (const path of paths) this.#fromOs.push(this.#choose(path));
    this.#options.onOsOpensWaiting?.();
  }

  takeOsOpens(): string[] {
    return this.#fromOs.splice(0);
  }

  /** A file from the recent files list: the user chose it in an earlier run. */
  async openRecent(path: string): Promise<OpenedFile> {
    if (!this.#options.isRecent?.(path)) {
      const reason = 'it is not on the list of recent files';
      throw new LanesError({
        code: 'file.unreadable',
        message: `Lanes could not read ${path}: ${reason}.`,
        params: { path, reason },
      });
    }
    return this.#read(this.#choose(path));
  }

  /** Reads an opened file again (after another program changed it), without asking. */
  async readBpmn(path: string): Promise<OpenedFile> {
    return this.#read(this.#known(path, 'read'));
  }

  async #read(path: string): Promise<OpenedFile> {
    let bytes: Buffer;
    let mtimeMs: number;
    try {
      mtimeMs = statSync(path).mtimeMs;
      bytes = readFileSync(path);
    } catch (error) {
      const reason = reasonOf(error, 'read');
      throw new LanesError({
        code: 'file.unreadable',
        message: `Lanes could not read ${path}: ${reason}`,
        params: { path, reason },
        cause: error,
      });
    }
    let decoded: DecodedXml;
    try {
      decoded = decodeXml(bytes);
    } catch (error) {
      if (!(error instanceof UnsupportedEncodingError)) throw error;
      throw new LanesError({
        code: 'file.unsupportedEncoding',
        message: `${path}: ${error.message}`,
        params: { path, encoding: error.encoding },
      });
    }
    const xml = decoded.text;
    // Only "is it BPMN": a diagram of pools without a process opens and saves; publishing checks more.
    const problem = await bpmnProblem(xml);
    if (problem) {
      throw new LanesError({
        code: 'file.notBpmn',
        message: `${path} is not a BPMN file: ${problem}`,
        params: { path, reason: problem },
      });
    }
    // What the editor now shows is what is on disk: the watcher need not report this time again.
    this.#watchers.acknowledge(path, mtimeMs);
    const convertedFrom = decoded.conversion === null ? null : decoded.readAs;
    this.#options.onRecentDocument?.(path);
    return { path, name: basename(path), xml, mtimeMs, convertedFrom };
  }

  /** With a null path, asks where (Save as); a cancelled dialog answers null. */
  async saveBpmn(request: {
    path: string | null;
    xml: string;
    suggestedName?: string | undefined;
    expectedMtimeMs?: number | null | undefined;
    overwrite?: boolean | undefined;
  }): Promise<SavedFile | null> {
    let path: string;
    if (request.path === null) {
      const chosen = await this.#dialogs('the file', 'file.writeFailed').chooseSaveLocation(
        request.suggestedName ?? 'diagram.bpmn',
        'bpmn',
      );
      if (chosen === null) return null;
      path = this.#choose(chosen);
    } else {
      path = this.#known(request.path);
      const onDisk = mtimeOf(path);
      const expected = request.expectedMtimeMs ?? null;
      if (!request.overwrite && expected !== null && onDisk !== null && onDisk !== expected) {
        throw new LanesError({
          code: 'file.changedOnDisk',
          message: `${path} was changed by another program since Lanes read it.`,
          params: { path },
        });
      }
    }
    // Lanes writes UTF-8, always: a declaration that still names another encoding would lie.
    const saved = this.#write(path, declareUtf8(request.xml));
    this.#options.onRecentDocument?.(path);
    return saved;
  }

  async exportImage(request: {
    format: Exclude<ExportFormat, 'bpmn'>;
    suggestedName: string;
    data: string;
  }): Promise<{ path: string } | null> {
    const bytes = request.format === 'png' ? Buffer.from(request.data, 'base64') : request.data;
    if (Buffer.isBuffer(bytes) && !bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
      const reason = 'the image is not a PNG';
      throw new LanesError({
        code: 'file.writeFailed',
        message: `Lanes could not export the image: ${reason}.`,
        params: { path: request.suggestedName, reason },
      });
    }
    const chosen = await this.#dialogs(request.suggestedName, 'file.writeFailed').chooseSaveLocation(
      request.suggestedName,
      request.format,
    );
    if (chosen === null) return null;
    const path = this.#choose(chosen);
    this.#write(path, bytes);
    return { path };
  }

  /** A table as a CSV file where the user chooses (see csv.ts for the format). */
  async exportCsv(request: {
    suggestedName: string;
    header: string[];
    rows: string[][];
  }): Promise<{ path: string } | null> {
    const chosen = await this.#dialogs(request.suggestedName, 'file.writeFailed').chooseSaveLocation(
      request.suggestedName,
      'csv',
    );
    if (chosen === null) return null;
    const path = this.#choose(chosen);
    this.#write(path, toCsv(request.header, request.rows));
    return { path };
  }

  #printer(what: string): PagePrinter {
    if (this.#options.printer) return this.#options.printer;
    const reason = 'printing is not available here';
    throw new LanesError({
      code: 'file.writeFailed',
      message: `Lanes cannot print ${what}: ${reason}.`,
      params: { path: what, reason },
    });
  }

  /** The window as laid out for print, saved as a PDF where the user chooses (atomic write). */
  async exportPdf(request: PrintRequest & { suggestedName: string }): Promise<{ path: string } | null> {
    const printer = this.#printer(request.suggestedName);
    const chosen = await this.#dialogs(request.suggestedName, 'file.writeFailed').chooseSaveLocation(
      request.suggestedName,
      'pdf',
    );
    if (chosen === null) return null;
    const path = this.#choose(chosen);
    const bytes = await printer.toPdf({ pageSize: request.pageSize, landscape: request.landscape });
    if (!looksLikePdf(bytes)) {
      const reason = 'the printer did not produce a PDF';
      throw new LanesError({
        code: 'file.writeFailed',
        message: `Lanes could not write ${path}: ${reason}.`,
        params: { path, reason },
      });
    }
    this.#write(path, Buffer.from(bytes));
    return { path };
  }

  async print(request: PrintRequest): Promise<{ printed: boolean }> {
    return { printed: await this.#printer('the diagram').print(request) };
  }

  watch(path: string): void {
    const known = this.#known(path);
    this.#watchers.watch(known, mtimeOf(known));
  }

  unwatch(path: string): void {
    this.#watchers.unwatch(resolve(path));
  }

  dispose(): void {
    this.#watchers.dispose();
  }

  #write(path: string, data: string | Buffer): SavedFile {
    try {
      writeFileAtomically(path, data);
    } catch (error) {
      const full = (error as NodeJS.ErrnoException).code === 'ENOSPC';
      const reason = reasonOf(error, 'write');
      throw new LanesError({
        code: full ? 'file.diskFull' : 'file.writeFailed',
        message: full
          ? `The disk is full; ${path} was not written.`
          : `Lanes could not write ${path}: ${reason}`,
        params: { path, reason },
        cause: error,
      });
    }
    const mtimeMs = statSync(path).mtimeMs;
    this.#watchers.acknowledge(path, mtimeMs);
    return { path, name: basename(path), mtimeMs };
  }
}
