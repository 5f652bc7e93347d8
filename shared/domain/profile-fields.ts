/**
 * The connection fields of a profile as plain lists, without zod, so the
 * renderer's profile form does not bundle the validation library (profiles.ts
 * builds its schemas from them and re-exports them).
 */

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

/** The connection fields that hold service addresses. */
export const urlFieldNames = ['processBaseUrl', 'reportingBaseUrl', 'dataPushBaseUrl'] as const;

/**
 * The address fields that would send tokens unencrypted: plain http:// to a
 * host other than this computer. Loopback stays allowed without a warning
 * (the emulator and the demo tenant run there).
 */
export function insecureUrlFields(
  fields: Partial<Record<(typeof urlFieldNames)[number], string | undefined>>,
): (typeof urlFieldNames)[number][] {
  return urlFieldNames.filter((key) => {
    const value = fields[key]?.trim();
    if (!value || !URL.canParse(value)) return false;
    const url = new URL(value);
    return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
  });
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
  );
}
