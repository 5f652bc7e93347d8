import { z } from 'zod';
import { lanesErrorDataSchema } from '../ipc/errors.ts';

export const syncStatusSchema = z.object({
  /** The connected profile; null when no tenant is connected. */
  profile: z.string().nullable(),
  online: z.enum(['online', 'offline', 'unknown']),
  /** Operations waiting for the service. */
  queued: z.number().int(),
  conflicts: z.number().int(),
  drafts: z.number().int(),
  running: z.boolean(),
  progress: z.object({ done: z.number(), total: z.number() }).nullable(),
  lastSyncAt: z.string().nullable(),
  /** Why the last sync stopped (the service unreachable, credentials refused), rendered by code. */
  lastError: lanesErrorDataSchema.nullable(),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

const counts = z.object({
  done: z.number(),
  merged: z.number(),
  conflicts: z.number(),
  failed: z.number(),
  retrying: z.number(),
});
export const syncRunResultSchema = z.object({
  /** What the outbox sent (null: not asked to send). */
  sent: counts.nullable(),
  pulled: z
    .object({ unchanged: z.number(), updated: z.number(), added: z.number(), removed: z.number() })
    .nullable(),
});
export type SyncRunResult = z.infer<typeof syncRunResultSchema>;

export const syncRunRequestSchema = z
  .object({ send: z.boolean().default(true), pull: z.boolean().default(true) })
  .strict();
