import { z } from 'zod';

/** Where an update stands, as main tells the renderer (`updates.status` events). */
export const updateStatusSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('checking') }).strict(),
  /** Only after a check the user asked for: the automatic one at launch stays quiet. */
  z.object({ state: z.literal('upToDate') }).strict(),
  z
    .object({
      state: z.literal('downloading'),
      version: z.string().max(100),
      percent: z.number().min(0).max(100),
    })
    .strict(),
  /** Downloaded; installs only when the user chooses "Restart to update". */
  z.object({ state: z.literal('ready'), version: z.string().max(100) }).strict(),
  z.object({ state: z.literal('failed'), message: z.string().max(2000) }).strict(),
]);
export type UpdateStatus = z.infer<typeof updateStatusSchema>;

/** What keeps Lanes from restarting into an update right now. */
const restartBlockers = ['unsavedWork', 'syncRunning', 'notDownloaded'] as const;
export type RestartBlocker = (typeof restartBlockers)[number];

export const updateRestartRequestSchema = z
  .object({
    /** The renderer's answer to its own quit guard: a tab has changes that are not saved. */
    unsavedWork: z.boolean(),
  })
  .strict();
export const updateRestartResultSchema = z
  .object({ restarting: z.boolean(), blockers: z.array(z.enum(restartBlockers)) })
  .strict();
export type UpdateRestartResult = z.infer<typeof updateRestartResultSchema>;
