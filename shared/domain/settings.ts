import { z } from 'zod';

export const uiLanguages = ['en', 'de'] as const;
export type UiLanguage = (typeof uiLanguages)[number];

/**
 * Content cultures of the service (LCIDs). 127 is the invariant culture the
 * service uses for dates, states and versions; it is never a user's choice.
 */
export const contentCultures = [1033, 1031, 3082] as const;
export type ContentCulture = (typeof contentCultures)[number];
export const INVARIANT_CULTURE = 127;

export const settingsSchema = z.object({
  uiLanguage: z.enum(uiLanguages),
  contentCulture: z.union([z.literal(1033), z.literal(1031), z.literal(3082)]),
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
