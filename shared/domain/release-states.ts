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
