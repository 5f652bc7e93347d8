import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { EditorDocument } from '../../../shared/domain/editor.ts';
import type { TabNotice } from './editor-banners.ts';

/** Why a process tab's diagram cannot be edited; null: it can. */
export type ReadOnlyReason = 'deleted' | 'released' | 'permission' | null;

/**
 * The one rule for a tab's read-only state: an element deleted on the service
 * stays read-only whatever its last known header says (the diagram stays, to
 * be saved to a file); otherwise the element's header says (released, or no
 * permission to edit).
 */
export function readOnlyReasonOf(doc: EditorDocument | null, deleted: boolean): ReadOnlyReason {
  if (deleted) return 'deleted';
  return doc?.readOnly?.reason ?? null;
}

/** What follows the tab's read-only state: its diagram session. */
export interface ReadOnlyFollower {
  readOnly: boolean;
}

/**
 * What an editor tab shows of where its diagram stands: the document (its
 * source, publish state, element header), whether the element was deleted on
 * the service, the notice over the canvas and whether an action of the tab is
 * running. The tab's action modules (file, process, publish, print, recovery,
 * links, the process follower) change it only here, as LocaleController owns
 * the language; every change renders the tab again. Whether the diagram can be
 * edited is derived here only (`readOnlyReason`), and the canvas follows it
 * once it shows the diagram (`followedBy`).
 */
export class TabState implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  #doc: EditorDocument | null = null;
  #deleted = false;
  #notice: TabNotice | null = null;
  #busy = false;
  #canvas: ReadOnlyFollower | null = null;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  /** Nothing to start: the state is the tab's for its whole life, across moves in the page. */
  hostConnected(): void {}

  /** The process document the tab shows; null for a local file and while loading. */
  get doc(): EditorDocument | null {
    return this.#doc;
  }

  /** The element is gone from the service (learnt from a sync or an action): the tab stays read-only. */
  get deleted(): boolean {
    return this.#deleted;
  }

  get readOnlyReason(): ReadOnlyReason {
    return readOnlyReasonOf(this.#doc, this.#deleted);
  }

  get readOnly(): boolean {
    return this.readOnlyReason !== null;
  }

  /**
   * The canvas shows the process's diagram: from now on it is read-only
   * exactly when the tab is (before, a process tab's canvas stays read-only
   * while it loads). A local file's tab never calls it: a file is always editable.
   */
  followedBy(canvas: ReadOnlyFollower): void {
    this.#canvas = canvas;
    this.#changed();
  }

  get notice(): TabNotice | null {
    return this.#notice;
  }

  /** An action is running: the tab's actions that would race it are disabled. */
  get busy(): boolean {
    return this.#busy;
  }

  /** The document as main answered it (opened, published, restored, a new version). */
  show(doc: EditorDocument): void {
    this.#doc = doc;
    this.#changed();
  }

  /** The element was deleted on the service: read-only from now on, whatever is shown or told after. */
  markDeleted(): void {
    this.#deleted = true;
    this.#changed();
  }

  /** Part of the shown document changed (its publish state, its draft, its header); nothing without one. */
  update(change: Partial<EditorDocument>): void {
    if (!this.#doc) return;
    this.#doc = { ...this.#doc, ...change };
    this.#changed();
  }

  /** The notice over the canvas; null takes it away. */
  tell(notice: TabNotice | null): void {
    this.#notice = notice;
    this.#host.requestUpdate();
  }

  /** A passing message: saved, exported, restored. */
  say(text: string): void {
    this.tell({ kind: 'info', text });
  }

  /** Takes the notice away if it is of one of these kinds (it belonged to a state that has passed). */
  clear(...kinds: TabNotice['kind'][]): void {
    if (this.#notice && kinds.includes(this.#notice.kind)) this.tell(null);
  }

  /** Runs `work` with the tab busy, however it ends. */
  async whileBusy<T>(work: () => Promise<T>): Promise<T> {
    this.#setBusy(true);
    try {
      return await work();
    } finally {
      this.#setBusy(false);
    }
  }

  /** The document or the deletion changed: the canvas follows, and the tab renders again. */
  #changed(): void {
    const readOnly = this.readOnly;
    if (this.#canvas && this.#canvas.readOnly !== readOnly) this.#canvas.readOnly = readOnly;
    this.#host.requestUpdate();
  }

  #setBusy(busy: boolean): void {
    this.#busy = busy;
    this.#host.requestUpdate();
  }
}
