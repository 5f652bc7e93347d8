/**
 * A process tab's recovery slot: unsaved editor state main keeps every few
 * seconds, so a crash or kill loses (almost) nothing. Offered when the
 * diagram opens, restored or discarded on the user's word, and cleared when
 * the user closes the tab without saving.
 */
import type { EditorDocument, EditorTarget } from '../../../shared/domain/editor.ts';
import { t } from '../../i18n/locale-controller.ts';
import type { DiagramSessionOptions } from '../canvas/diagram-session.ts';
import type { TabContext } from './tab-context.ts';

export class RecoveryActions {
  readonly #context: TabContext;
  #offeredAt: string | null = null;

  constructor(context: TabContext) {
    this.#context = context;
  }

  /** When the offered recovery was written; null: nothing to offer. */
  get offeredAt(): string | null {
    return this.#offeredAt;
  }

  #offer(savedAt: string | null): void {
    this.#offeredAt = savedAt;
    this.#context.tab.requestUpdate();
  }

  /** What the diagram session needs to keep the slot up to date for `target`. */
  sessionOptions(target: EditorTarget): Pick<DiagramSessionOptions, 'writeRecovery' | 'onRecoveryError'> {
    return {
      writeRecovery: async (xml: string) => {
        await this.#context.tab.client.request('editor.writeRecovery', {
          id: target.id,
          culture: target.culture,
          xml,
        });
      },
      onRecoveryError: (error: unknown) => this.#context.reportError(error),
    };
  }

  /** The diagram opened: a read-only one has nothing to restore into. */
  opened(doc: EditorDocument, readOnly: boolean): void {
    this.#offer(doc.recovery && !readOnly ? doc.recovery.savedAt : null);
  }

  async restore(): Promise<void> {
    const target = this.#context.target();
    const client = this.#context.tab.client;
    const session = this.#context.session();
    if (!target || !session) return;
    try {
      const recovery = await client.request('editor.readRecovery', {
        id: target.id,
        culture: target.culture,
      });
      this.#offer(null);
      if (!recovery) return;
      // Restored state is newer than anything stored: it stays unsaved until the user saves.
      await session.import(recovery.xml, true);
      this.#context.tab.state.say(t('editor.recovery.restored'));
    } catch (error) {
      this.#context.reportError(error);
    }
  }

  async discard(): Promise<void> {
    const target = this.#context.target();
    const client = this.#context.tab.client;
    this.#offer(null);
    if (!target) return;
    try {
      await client.request('editor.clearRecovery', { id: target.id, culture: target.culture });
    } catch (error) {
      this.#context.reportError(error);
    }
  }

  /** Closing the tab without saving: the slot is cleared too, so nothing is offered later. */
  async clearForClose(): Promise<void> {
    const target = this.#context.target();
    const client = this.#context.tab.client;
    if (target)
      await client
        .request('editor.clearRecovery', { id: target.id, culture: target.culture })
        .catch(() => {});
  }
}
