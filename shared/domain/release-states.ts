/**
 * The release states this client knows (service-api.md §3), in the order of
 * the release cycle. A plain list, free of zod, so the renderer's start bundle
 * can import it.
 */
export const releaseStates = [
  'inProcess',
  'inReview',
  'readyForQa',
  'readyForRelease',
  'released',
  'inEffect',
  'requestToExpire',
  'expired',
] as const;

export type ReleaseState = (typeof releaseStates)[number];

/**
 * The states in which the service refuses imports and content changes: a
 * process in one of them is edited in a new version (createversion).
 */
export const readOnlyStates: readonly ReleaseState[] = ['released', 'inEffect', 'requestToExpire', 'expired'];

export function isReadOnlyState(state: string | null | undefined): boolean {
  return state != null && (readOnlyStates as readonly string[]).includes(state);
}
