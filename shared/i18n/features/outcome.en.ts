/**
 * English UI text of what a publish came to however it was sent, and of the
 * element's state as it follows the service; merged into the catalog by messages-en.ts.
 */
export const outcomeEn = {
  'outcome.restore': 'Restore into a draft',
  'outcome.restoreHint':
    'The diagram shows the process as the service now holds it. This brings back what you published, with what the service did not keep, as your draft.',
  'outcome.restored':
    'What you published is your draft again, with what the service did not keep. Change it or publish it again.',
  'outcome.released':
    'This process is now “{state}” on the service: your draft cannot be published into this version.',
  'outcome.releasedRefused':
    'Not published: this process became “{state}” on the service meanwhile, so this version takes no more changes. Your draft is kept.',
  'outcome.publishIntoNewVersion': 'Create a new version and publish into it',
  'outcome.newVersionQueued':
    'Waiting to publish: with the next sync a new version is created and your draft is published into it.',
  'outcome.newVersion': 'A new version {version} was created; the diagram shows it.',
  'outcome.deleted':
    'This process was deleted on the service. The diagram stays open, read-only: save it to a file to keep it.',
  'outcome.notice.published': '“{name}” was published.',
  'outcome.notice.via.sync': 'Sent by a sync.',
  'outcome.notice.via.cli': 'Sent from the command line.',
  'outcome.notice.open': 'Open the process',
} as const;
