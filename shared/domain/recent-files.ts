/** Local .bpmn files opened or saved lately (the editor's start page, File › Open Recent). */
import { z } from 'zod';

export const recentFileSchema = z.object({
  path: z.string(),
  name: z.string(),
  openedAt: z.string(),
  /** Whether the file is still there (checked when the list is read). */
  exists: z.boolean(),
});
export type RecentFile = z.infer<typeof recentFileSchema>;

export const recentFilePathSchema = z.object({ path: z.string().min(1).max(4096) }).strict();
