/**
 * Release transitions. The inProcess rows are exactly spec §3; the rest is
 * the emulator's documented choice (see docs/emulator.md): reviews and QA can be
 * rejected back to inProcess, released goes via requestToExpire to expired,
 * and expired is final (a new version continues the element's life).
 */
export interface Transition {
  transitionId: string;
  sourceState: string;
  targetState: string;
}

const TABLE: Record<string, Array<[string, string]>> = {
  inProcess: [
    ['InProcessToInReview', 'inReview'],
    ['InProcessToReadyForQA', 'readyForQa'],
    ['InProcessToReadyForRelease', 'readyForRelease'],
    ['InProcessToReleased', 'released'],
    ['InProcessToReleasedQA', 'released'],
    ['InProcessToReleasedExternal', 'released'],
  ],
  inReview: [
    ['InReviewToInProcess', 'inProcess'],
    ['InReviewToReadyForQA', 'readyForQa'],
    ['InReviewToReadyForRelease', 'readyForRelease'],
    ['InReviewToReleased', 'released'],
  ],
  readyForQa: [
    ['ReadyForQAToInProcess', 'inProcess'],
    ['ReadyForQAToReadyForRelease', 'readyForRelease'],
    ['ReadyForQAToReleasedQA', 'released'],
  ],
  readyForRelease: [
    ['ReadyForReleaseToInProcess', 'inProcess'],
    ['ReadyForReleaseToReleased', 'released'],
  ],
  released: [
    ['ReleasedToInEffect', 'inEffect'],
    ['ReleasedToRequestToExpire', 'requestToExpire'],
  ],
  inEffect: [['InEffectToRequestToExpire', 'requestToExpire']],
  requestToExpire: [
    ['RequestToExpireToReleased', 'released'],
    ['RequestToExpireToExpired', 'expired'],
  ],
  expired: [],
};

export function transitionsFrom(state: string): Transition[] {
  return (TABLE[state] ?? []).map(([transitionId, targetState]) => ({
    transitionId,
    sourceState: state,
    targetState,
  }));
}

/** Every transition id the emulator knows, for telling "unknown" from "not available now". */
export function isKnownTransition(id: string): boolean {
  return Object.values(TABLE).some((rows) => rows.some(([t]) => t === id));
}

/** "1.0" → "1.1", "0.9" → "0.10"; anything else gets ".1" appended. */
export function nextVersionLabel(label: string | undefined): string {
  const m = /^(\d+)\.(\d+)$/.exec(label ?? '');
  if (!m) return `${label || '0'}.1`;
  return `${m[1]}.${Number(m[2]) + 1}`;
}
