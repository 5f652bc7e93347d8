/**
 * The fields that connect Lanes to a tenant: as the emulator's ready line
 * names them, as CLI flags, and as LANES_* variables.
 */
export const connectionFields = [
  { key: 'processBaseUrl', flag: 'process-base-url', env: 'LANES_PROCESS_BASE_URL', secret: false },
  { key: 'collectionId', flag: 'collection-id', env: 'LANES_COLLECTION_ID', secret: false },
  { key: 'storageId', flag: 'storage-id', env: 'LANES_STORAGE_ID', secret: false },
  { key: 'authToken', flag: 'auth-token', env: 'LANES_AUTH_TOKEN', secret: true },
  { key: 'bpmnToken', flag: 'bpmn-token', env: 'LANES_BPMN_TOKEN', secret: true },
  { key: 'reportingBaseUrl', flag: 'reporting-base-url', env: 'LANES_REPORTING_BASE_URL', secret: false },
  { key: 'tenantId', flag: 'tenant-id', env: 'LANES_TENANT_ID', secret: false },
  { key: 'reportingApiKey', flag: 'reporting-api-key', env: 'LANES_REPORTING_API_KEY', secret: true },
  { key: 'dataPushBaseUrl', flag: 'data-push-base-url', env: 'LANES_DATA_PUSH_BASE_URL', secret: false },
  { key: 'dataPushKey', flag: 'data-push-key', env: 'LANES_DATA_PUSH_KEY', secret: true },
  { key: 'poolId', flag: 'pool-id', env: 'LANES_POOL_ID', secret: false },
] as const;

export type ConnectionKey = (typeof connectionFields)[number]['key'];
export type Connection = Partial<Record<ConnectionKey, string>>;
export const secretKeys = connectionFields.filter((f) => f.secret).map((f) => f.key) as ConnectionKey[];
