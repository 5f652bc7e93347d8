/**
 * What the outbox says about an operation it could not deliver (stored as a
 * code with parameters, `outboxErrorCodes` in shared/ipc/errors.ts), and the
 * words for the things service errors name: the operation, the credential,
 * why the network failed. An error parameter whose value has a word here is
 * shown in the interface language (`translateError`); any other value (the
 * service's own text, an id) is shown as it came.
 */
export const serviceErrorsEn = {
  'error.outbox.released':
    'The process is {state} and cannot be changed: create a new version, then publish again.',
  'error.outbox.translationReleased':
    'The process is {state} and cannot be changed: create a new version, then publish the translation again.',
  'error.outbox.transitionUnavailable':
    'The transition {transitionId} is no longer available: the element is now {state}.',
  'error.outbox.superseded': 'Superseded: the server version was kept.',
  'error.outbox.changedOnServer': 'Changed on the server: {elements}',
  'error.outbox.mergedForReview': 'Changed on the server meanwhile; merged, waiting for your review.',
  'error.outbox.damagedPayload':
    'This queued change is damaged and cannot be sent. Discard it and make the change again.',
  'error.outbox.legacy': 'Earlier failure: {text}',
  'operation.exportBpmn': 'export BPMN',
  'operation.importBpmn': 'import BPMN',
  'operation.listFacets': 'list facets',
  'operation.listViews': 'list views',
  'operation.listElements': 'list elements',
  'operation.getElement': 'get element',
  'operation.getAttributes': 'get attributes',
  'operation.getRelated': 'get related',
  'operation.getInfo': 'get info',
  'operation.getContent': 'get content',
  'operation.createContent': 'create content',
  'operation.getElementType': 'get element type',
  'operation.listVersions': 'list versions',
  'operation.listTransitions': 'list transitions',
  'operation.changeState': 'change the state',
  'operation.createVersion': 'create version',
  'operation.deleteElement': 'delete element',
  'operation.renderDiagram': 'render diagram',
  'operation.sync': 'sync',
  'credential.authToken': 'auth token',
  'credential.bpmnToken': 'BPMN token',
  'networkReason.refused': 'connection refused',
  'networkReason.hostNotFound': 'host name not found',
  'networkReason.timedOut': 'connection timed out',
  'networkReason.reset': 'connection reset',
  'networkReason.noAnswer': 'no answer',
  'networkReason.proxyRefused': 'the proxy answered {proxyStatus}',
} as const;
