import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { EditorDocument } from '../../../shared/domain/editor.ts';
import type { TabNotice } from './editor-banners.ts';

/**
 * What an editor tab shows of where its diagram stands: the document (its
 * source, publish state, element header), the notice over the canvas and
 * whether an action of the tab is running. The tab's action modules (file,
 * process, publish, print, recovery, links, the process follower) change it
 * only here, as LocaleController owns the language; every change renders the
 * tab again.
 */
export class TabState implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  #doc: EditorDocument | null = null;
  #notice: TabNotice | null = null;
  #busy = false;

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
    this.#host.requestUpdate();
  }

  /** Part of the shown document changed (its publish state, its draft, its header); nothing without one. */
  update(change: Partial<EditorDocument>): void {
    if (!this.#doc) return;
    this.#doc = { ...this.#doc, ...change };
    this.#host.requestUpdate();
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

  #setBusy(busy: boolean): void {
    this.#busy = busy;
    this.#host.requestUpdate();
  }
}
