import { plainFieldNames, reportingRegions, secretFieldNames } from '../../shared/domain/profile-fields.ts';
import type { ProfileSave, ProfileSummary } from '../../shared/domain/profiles.ts';
import type { MessageKey } from '../../shared/i18n/translate.ts';

export type PlainField = (typeof plainFieldNames)[number];
export type SecretField = (typeof secretFieldNames)[number];
export type Region = keyof typeof reportingRegions;
/** The reporting address as the form offers it: a region preset, another address, or none. */
export type RegionChoice = Region | 'custom' | 'none';

/** What the form holds while the user types; secrets start blank and stay blank unless retyped. */
export interface ProfileDraft {
  name: string;
  fields: Record<PlainField, string>;
  region: RegionChoice;
  secrets: Record<SecretField, string>;
}

export type DraftField = 'name' | PlainField;
export type DraftErrors = Partial<Record<DraftField, MessageKey>>;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NAME = /^[\w .-]+$/;
const urlFields = ['processBaseUrl', 'reportingBaseUrl', 'dataPushBaseUrl'] as const;

export function regionOf(url: string | undefined): RegionChoice {
  if (!url) return 'none';
  const normalized = url.replace(/\/+$/, '');
  const region = (Object.keys(reportingRegions) as Region[]).find((r) => reportingRegions[r] === normalized);
  return region ?? 'custom';
}

export function draftFrom(profile: ProfileSummary | undefined): ProfileDraft {
  const fields = Object.fromEntries(
    plainFieldNames.map((k) => [k, profile?.fields[k] ?? '']),
  ) as ProfileDraft['fields'];
  return {
    name: profile?.name ?? '',
    fields,
    region: regionOf(fields.reportingBaseUrl),
    secrets: Object.fromEntries(secretFieldNames.map((k) => [k, ''])) as ProfileDraft['secrets'],
  };
}

/** The reporting base URL the draft stands for: the preset's, the typed one, or none. */
export function reportingUrlOf(draft: ProfileDraft): string {
  if (draft.region === 'none') return '';
  if (draft.region === 'custom') return draft.fields.reportingBaseUrl.trim();
  return reportingRegions[draft.region];
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The checks the form can make before main sees the request (main validates
 * again): name rules, full http(s) addresses, a GUID tenant id, and the
 * process-management ids that only work together.
 */
export function validateDraft(
  draft: ProfileDraft,
  context: { editing: boolean; existingNames: readonly string[] },
): DraftErrors {
  const errors: DraftErrors = {};
  const name = draft.name.trim();
  if (!context.editing) {
    if (!name) errors.name = 'profiles.invalid.nameRequired';
    else if (name.length > 60) errors.name = 'profiles.invalid.nameLength';
    else if (!NAME.test(name)) errors.name = 'profiles.invalid.nameChars';
    else if (context.existingNames.some((n) => n.toLowerCase() === name.toLowerCase()))
      errors.name = 'profiles.invalid.nameTaken';
  }
  const values = { ...draft.fields, reportingBaseUrl: reportingUrlOf(draft) };
  for (const field of urlFields) {
    const value = values[field].trim();
    if (value && !isHttpUrl(value)) errors[field] = 'profiles.invalid.url';
  }
  const tenantId = values.tenantId.trim();
  if (tenantId && !GUID.test(tenantId)) errors.tenantId = 'profiles.invalid.guid';
  const processIds = (['processBaseUrl', 'collectionId', 'storageId'] as const).filter(
    (k) => values[k].trim() !== '',
  );
  if (processIds.length > 0 && processIds.length < 3) {
    for (const k of ['processBaseUrl', 'collectionId', 'storageId'] as const)
      if (!values[k].trim()) errors[k] ??= 'profiles.invalid.processIncomplete';
  }
  return errors;
}

/** The request for profiles.save: trimmed, empty fields left out, blank secrets left out (kept by main). */
export function saveRequestOf(draft: ProfileDraft): ProfileSave {
  const values: Record<PlainField, string> = { ...draft.fields, reportingBaseUrl: reportingUrlOf(draft) };
  const fields = Object.fromEntries(
    plainFieldNames.map((k) => [k, values[k].trim()] as const).filter(([, v]) => v !== ''),
  );
  const secrets = Object.fromEntries(
    secretFieldNames.map((k) => [k, draft.secrets[k].trim()] as const).filter(([, v]) => v !== ''),
  );
  return { name: draft.name.trim(), fields, secrets };
}
