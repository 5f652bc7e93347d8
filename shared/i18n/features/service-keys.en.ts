/**
 * The service's keys in words, where the service itself gives no display
 * name: the usual facets and views (the service's `displayNames` come first,
 * renderer/base/service-labels.ts) and the data-push job states and kinds
 * (service-facts.md: enums without names).
 */
export const serviceKeysEn = {
  'service.facet.processes': 'Processes',
  'service.facet.organization': 'Organization',
  'service.facet.itSystems': 'IT systems',
  'service.facet.documents': 'Documents',
  'service.facet.risks': 'Risks',
  'service.view.mainProcesses': 'Process map',
  'service.view.processList': 'Process list',
  'service.view.functions': 'Functions',
  'service.view.orgChart': 'Org chart',
  'service.view.users': 'Users',
  'dataPool.jobState.NEW': 'New',
  'dataPool.jobState.QUEUED': 'Queued',
  'dataPool.jobState.RUNNING': 'Running',
  'dataPool.jobState.DONE': 'Done',
  'dataPool.jobState.ERROR': 'Failed',
  'dataPool.jobState.CANCELED': 'Cancelled',
  'dataPool.jobKind.DELTA': 'Delta (by key)',
  'dataPool.jobKind.REPLACE': 'Replace table',
} as const;
