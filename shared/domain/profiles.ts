import { z } from 'zod';
import { plainFieldNames, secretFieldNames } from './profile-fields.ts';

export {
  insecureUrlFields,
  plainFieldNames,
  reportingRegions,
  secretFieldNames,
  urlFieldNames,
} from './profile-fields.ts';

const plainFields = z
  .object(
    Object.fromEntries(plainFieldNames.map((k) => [k, z.string().trim().max(2000).optional()])) as Record<
      (typeof plainFieldNames)[number],
      z.ZodOptional<z.ZodString>
    >,
  )
  .strict();
const secretFields = z
  .object(
    Object.fromEntries(secretFieldNames.map((k) => [k, z.string().max(4000).optional()])) as Record<
      (typeof secretFieldNames)[number],
      z.ZodOptional<z.ZodString>
    >,
  )
  .strict();

/**
 * A profile save from one flat record of connection values (the emulator's
 * ready line, an imported JSON file): plain fields and secrets apart, blanks left out.
 */
export function profileFromValues(name: string, record: object): ProfileSave {
  const values = record as Readonly<Record<string, unknown>>;
  const pick = (names: readonly string[]): Record<string, string> =>
    Object.fromEntries(
      names.flatMap((n) => (typeof values[n] === 'string' && values[n] !== '' ? [[n, values[n]]] : [])),
    );
  return { name, fields: pick(plainFieldNames), secrets: pick(secretFieldNames) };
}

const PROFILE_NAME_MAX_LENGTH = 60;

/**
 * Why a name cannot name a profile, or null when it can. One rule for the
 * app's form, the IPC boundary and `lanes profile add`: names are shown and
 * typed, never used as paths (each profile's folder is an id), but a name
 * that looks like a path or is only dots is refused so it never could be.
 */
export function profileNameProblem(name: string): string | null {
  if (name.trim() !== name) return 'it begins or ends with a space';
  if (name.length === 0) return 'it is empty';
  if (name.length > PROFILE_NAME_MAX_LENGTH) return `it is longer than ${PROFILE_NAME_MAX_LENGTH} characters`;
  if (/[/\\]/.test(name)) return 'it contains a path separator';
  if (/^\.+$/.test(name)) return 'it consists only of dots';
  if (!/^[\w .-]+$/.test(name))
    return 'it contains characters other than letters, digits, space, dot, dash and underscore';
  return null;
}

export const profileNameSchema = z
  .string()
  .trim()
  .superRefine((name, context) => {
    const problem = profileNameProblem(name);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const profileSummarySchema = z.object({
  name: z.string(),
  current: z.boolean(),
  fields: plainFields,
  /** Which secrets have a value (the values never leave main). */
  secretsSet: z.array(z.enum(secretFieldNames)),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

export const profileSaveSchema = z
  .object({ name: profileNameSchema, fields: plainFields, secrets: secretFields })
  .strict();
export type ProfileSave = z.infer<typeof profileSaveSchema>;

const interfaceNames = ['process', 'bpmn', 'reporting', 'dataPush'] as const;
export const connectionTestSchema = z.array(
  z.object({
    interface: z.enum(interfaceNames),
    ok: z.boolean(),
    /** An error code (api.*) or "notConfigured". */
    code: z.string().nullable(),
    message: z.string().nullable(),
    params: z.record(z.string(), z.string()),
  }),
);
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

export const secretProtectionSchema = z.object({
  available: z.boolean(),
  backend: z.string(),
  weak: z.boolean(),
});
