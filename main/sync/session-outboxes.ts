import type { Session } from '../session/current-session.ts';
import type { SendEvent } from './outbox-sender.ts';
import { OutboxService, type SendVia } from './outbox-service.ts';

/**
 * The app's outboxes: one OutboxService per session (a new profile gets a new
 * one), made on first use. The app composes exactly one of these and hands
 * it to the editor, the workspace and sync, so all three send through, and
 * listen to, the same service and stores.
 */
export class SessionOutboxes {
  readonly #bySession = new WeakMap<Session, OutboxService>();
  readonly #changeListeners = new Set<(session: Session, elementIds: string[]) => void>();
  readonly #eventListeners = new Set<(session: Session, event: SendEvent, via: SendVia) => void>();

  for(session: Session): OutboxService {
    let outbox = this.#bySession.get(session);
    if (!outbox) {
      const made = new OutboxService({
        db: session.db,
        clients: () => session.clients,
        cache: session.store,
        // In the app, a merge that brings in server changes is shown to the user before it is sent.
        reviewMerges: true,
      });
      made.onChange((elementIds) => {
        for (const listener of this.#changeListeners) listener(session, elementIds);
      });
      made.onEvent((event, via) => {
        for (const listener of this.#eventListeners) listener(session, event, via);
      });
      this.#bySession.set(session, made);
      outbox = made;
    }
    return outbox;
  }

  /** The elements whose drafts, operations or conflicts changed, in whichever session. */
  onChange(listener: (session: Session, elementIds: string[]) => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  /** Every step of every send, in whichever session, with who asked for it. */
  onEvent(listener: (session: Session, event: SendEvent, via: SendVia) => void): () => void {
    this.#eventListeners.add(listener);
    return () => this.#eventListeners.delete(listener);
  }
}
