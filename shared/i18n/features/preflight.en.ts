/** The release pre-flight on the element page: what Lanes found offline before a transition. */
export const preflightEn = {
  'preflight.heading': 'Before you continue',
  'preflight.intro': 'Lanes checked this element offline and found:',
  'preflight.checking': 'Checking the element…',
  'preflight.allClear': 'Lanes found nothing the service is known to warn about.',
  'preflight.noDescription':
    'It has no description in the content language. The service will warn about this.',
  'preflight.noOwner': 'It has no owner. The service will warn about this.',
  'preflight.lintErrors.draft':
    'Your unpublished draft of the diagram has {count, plural, one {# lint error} other {# lint errors}}:',
  'preflight.lintErrors.cached': 'The diagram has {count, plural, one {# lint error} other {# lint errors}}:',
  'preflight.lintUnavailable': 'Lanes could not check the diagram for errors: {reason}',
  'preflight.unpublishedDraft':
    'You have a draft of the diagram that is not published. The transition applies to the version on the service, without your draft.',
  'preflight.queuedPublish.queued': 'A publish of this diagram is waiting to be sent.',
  'preflight.queuedPublish.sending': 'A publish of this diagram is being sent.',
  'preflight.queuedPublish.unknown': 'Lanes does not know whether the last publish of this diagram arrived.',
  'preflight.queuedPublish.failed': 'The last publish of this diagram failed and was not applied.',
  'preflight.openConflict': 'A conflict about this diagram is open. Resolve it in the conflict view first.',
  'preflight.findingsLabel': 'Pre-flight findings',
} as const;
