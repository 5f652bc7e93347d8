import type { BpmnHistoryStore } from './bpmn-history-store.ts';
import type { ConflictStore } from './conflict-store.ts';
import type { DraftStore } from './draft-store.ts';
import type { OutboxStore } from './outbox-store.ts';
import type { TranslationStore } from './translation-store.ts';

/** The stores of one session's (or one CLI run's) outbox, each constructed once by the OutboxService. */
export interface OutboxStores {
  outbox: OutboxStore;
  drafts: DraftStore;
  conflicts: ConflictStore;
  history: BpmnHistoryStore;
  /** Translations made in Lanes: a translation operation's texts, and the ledger once delivered. */
  translations: TranslationStore;
}
