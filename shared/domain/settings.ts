import { z } from 'zod';
import { uiLanguages } from './languages.ts';

export {
  contentCultures,
  INVARIANT_CULTURE,
  uiLanguages,
  type ContentCulture,
  type UiLanguage,
} from './languages.ts';

const boundedName = z.string().min(1).max(200);

/**
 * How the user arranged the workspace, remembered across starts: panel sizes
 * and visibility, the canvas grid, and the last facet and view of the
 * landscape per profile. Every field is optional (a fresh install has none);
 * an update merges field by field, so two screens never undo each other.
 */
const workbenchSchema = z
  .object({
    navigationCollapsed: z.boolean(),
    /** Pixels; the renderer clamps to the window. */
    navigationWidth: z.number().int().min(120).max(600),
    propertiesPanelCollapsed: z.boolean(),
    /** Pixels; the renderer clamps to the window. */
    propertiesPanelWidth: z.number().int().min(120).max(2000),
    problemsCollapsed: z.boolean(),
    problemsHeight: z.number().int().min(60).max(2000),
    grid: z.boolean(),
    /** Per profile id: where the landscape was last (bounded: 50 profiles). */
    landscape: z
      .record(
        z.string().min(1).max(100),
        z.object({ facet: boundedName, view: boundedName.optional() }).strict(),
      )
      .refine((places) => Object.keys(places).length <= 50, 'at most 50 profiles'),
  })
  .partial()
  .strict();
export type WorkbenchSettings = z.infer<typeof workbenchSchema>;

export const settingsSchema = z.object({
  uiLanguage: z.enum(uiLanguages),
  contentCulture: z.union([z.literal(1033), z.literal(1031), z.literal(3082)]),
  workbench: workbenchSchema.optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
