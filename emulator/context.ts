/** What every route module needs: the database, the published config and the options. */
import type { Db } from './store/db.ts';
import type { Logger } from './util/logger.ts';

export interface EmulatorConfig {
  processBaseUrl: string;
  reportingBaseUrl: string;
  dataPushBaseUrl: string;
  collectionId: string;
  storageId: string;
  tenantId: string;
  authToken: string;
  bpmnToken: string;
  reportingApiKey: string;
  dataPushKey: string;
  poolId: string;
}

export interface EmulatorContext {
  db: Db;
  config: EmulatorConfig;
  /** Element id of the user the tokens act as (changedBy, relBy). */
  actingUserId: string;
  svgScript: boolean;
  logger: Logger;
}
