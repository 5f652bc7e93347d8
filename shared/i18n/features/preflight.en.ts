/** The release pre-flight on the element page: what Lanes found offline before a transition. */
export const preflightEn = {
  'preflight.heading': 'Before you continue',
  'preflight.intro': 'Lanes checked this element and found:',
  'preflight.intro.offline': 'You are offline. Lanes checked this element with what it has stored and found:',
  'preflight.checking': 'Checking the element…',
  'preflight.allClear': 'Lanes found nothing the service is known to warn about.',
  'preflight.noDescription':
    'It has no description in the content language. The service will warn about this.',
  'preflight.descriptionPending.queued':
    'It has no description on the service yet: the one in your publish waiting in the outbox arrives when that is sent.',
  'preflight.descriptionPending.draft':
    'It has no description on the service yet: your unpublished draft has one, which arrives when you publish the draft.',
  'preflight.noOwner':
    'It has no owner. The service will warn about this. Lanes cannot set the owner: it is set in the service’s own web application, by someone who may edit this element there.',
  'preflight.owner.youCan': 'You may edit this element, so you can set its owner there yourself.',
  'preflight.owner.askSomeone': 'You may not edit this element: ask someone who may edit it in the service.',
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
  'preflight.fix.describe': 'Write the description',
  'preflight.fix.showError': 'Show the first error in the diagram',
  'preflight.fix.openDiagram': 'Open the diagram',
  'preflight.fix.openDraft': 'Open your draft',
  'preflight.fix.syncNow': 'Sync now',
  'preflight.fix.openFailure': 'Open the diagram to see why',
  'preflight.fix.openConflict': 'Open the conflict',
  'preflight.describe.label': 'Description in {culture}',
  'preflight.describe.hint':
    'Lanes writes it into the diagram as the process’s documentation and publishes it; the service makes it the description.',
  'preflight.describe.hintDraft':
    'Lanes writes it into your unpublished draft as the process’s documentation and publishes the draft with it; the service makes it the description.',
  'preflight.describe.publish': 'Publish the description',
  'preflight.describe.cancel': 'Cancel',
  'preflight.describe.empty': 'Write the description first.',
  'preflight.describe.published': 'The description was published.',
  'preflight.describe.queued': 'Offline: the description is queued and will be published with the next sync.',
  'preflight.describe.review':
    'The description is in your draft. The diagram changed on the service meanwhile: review the merge before it is published.',
  'preflight.describe.conflict':
    'The description is in your draft, but a conflict about this diagram must be resolved before it can be published.',
  'preflight.describe.failed': 'The service did not take the description: {message}',
} as const;
