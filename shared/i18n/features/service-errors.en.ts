/**
 * What the outbox says about an operation it could not deliver (stored as a
 * code with parameters, `outboxErrorCodes` in shared/ipc/errors.ts), and the
 * words for the things errors name: the operation, the credential, why the
 * network or a file failed. An error parameter whose value has a word here is
 * shown in the interface language (`translateError`); any other value (the
 * service's own text, an id) is shown as it came.
 */
export const serviceErrorsEn = {
  'error.outbox.released':
    'The process is {state} and cannot be changed: create a new version, then publish again.',
  'error.outbox.translationReleased':
    'The process is {state} and cannot be changed: create a new version, then publish the translation again.',
  'error.outbox.transitionUnavailable':
    'The change to {targetState} is no longer available: the element is now {state}.',
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
  'operation.createPushJob': 'create push job',
  'operation.listPushJobs': 'list push jobs',
  'operation.getPushJob': 'get push job',
  'operation.executePushJob': 'execute push job',
  'operation.deletePushJob': 'delete push job',
  'operation.cancelPushJob': 'cancel push job',
  'operation.uploadChunk': 'upload chunk',
  'operation.listChunks': 'list chunks',
  'operation.inspectTable': 'inspect table',
  'operation.pushTable': 'push',
  'operation.reportElements': 'report elements',
  'operation.reportFacets': 'report facets',
  'operation.reportHierarchy': 'report hierarchy',
  'credential.authToken': 'auth token',
  'credential.bpmnToken': 'BPMN token',
  'credential.dataPushKey': 'data-push key',
  'credential.reportingKey': 'reporting API key or tenant id',
  'reason.refused': 'connection refused',
  'reason.hostNotFound': 'host name not found',
  'reason.timedOut': 'connection timed out',
  'reason.reset': 'connection reset',
  'reason.noAnswer': 'no answer',
  'reason.proxyRefused': 'the proxy answered {proxyStatus}',
  'reason.noFileDialog': 'no file dialog is available here',
  'reason.chooseAgain': 'choose the file again',
  'reason.deletedNotCsv': 'the rows to delete are read from a CSV file',
  'reason.tooMuchMemory':
    'it needs more memory than Lanes gives one file; save the sheet as CSV and push that',
} as const;
