import { z } from 'zod';

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  dataDir: z.string(),
  /** How the renderer reaches main: the real Electron IPC or the test harness bridge. */
  transport: z.enum(['electron', 'harness']),
  runtime: z.object({
    node: z.string(),
    v8: z.string(),
    electron: z.string().nullable(),
    chrome: z.string().nullable(),
    platform: z.string(),
    arch: z.string(),
  }),
});
export type AppInfo = z.infer<typeof appInfoSchema>;
