import { cacheTables, composeMigrations } from '../cache/schema.ts';
import { pushHistoryTables } from '../datapool/push-history-schema.ts';
import { bpmnHistoryTables } from '../sync/bpmn-history-schema.ts';
import { conflictTables } from '../sync/conflict-schema.ts';
import { draftTables } from '../sync/draft-schema.ts';
import { outboxTables } from '../sync/outbox-schema.ts';
import { translationTables } from '../sync/translation-schema.ts';

/**
 * The schema of a profile's cache file: every store's tables, each declared beside its store. Steps of one version
 * run in this order (the order they ran in before the stores declared their own tables: a released step never
 * changes). A new step goes at the end of its store's list with the next version.
 */
export const migrations = composeMigrations([
  cacheTables,
  draftTables,
  outboxTables,
  conflictTables,
  bpmnHistoryTables,
  pushHistoryTables,
  translationTables,
]);

export const LATEST_SCHEMA = migrations[migrations.length - 1]!.version;
