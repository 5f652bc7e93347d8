import { z } from 'zod';

/** The connection fields a profile shows in the clear. */
export const plainFieldNames = [
  'processBaseUrl',
  'collectionId',
  'storageId',
  'reportingBaseUrl',
  'tenantId',
  'dataPushBaseUrl',
  'poolId',
] as const;
/** Tokens and keys: entered, never shown again; stored only through the OS-protected store. */
export const secretFieldNames = ['authToken', 'bpmnToken', 'reportingApiKey', 'dataPushKey'] as const;

export const reportingRegions = {
  eu: 'https://api-reporting.symbio.cloud',
  us: 'https://api-reporting.us-1.symbio.cloud',
  jp: 'https://api-reporting.jp-1.symbio.cloud',
} as const;

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

export const profileNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[\w .-]+$/, 'letters, digits, space, dot, dash and underscore only');

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

export const interfaceNames = ['process', 'bpmn', 'reporting', 'dataPush'] as const;
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
