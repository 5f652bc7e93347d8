/**
 * The one way to build the clients of a connection: process, BPMN, reporting
 * and data push over one HTTP client. The CLI, the app session, the sync
 * worker and "Test connection" all come here, so each interface is configured
 * (and checked for missing fields) the same way everywhere.
 */
import type { HttpClient } from './http/http-client.ts';
import { ProcessRequester, type ProcessConnection } from './process/process-requester.ts';
import { ProcessClient } from './process/process-client.ts';
import { BpmnClient } from './process/bpmn-client.ts';
import { ReportingClient } from './reporting/reporting-client.ts';
import { DataPushClient, type DataPushConnection } from './datapush/datapush-client.ts';
import { LanesError } from '../../shared/ipc/errors.ts';

/** A connection as profiles, flags and LANES_* variables describe it; any field may be missing. */
interface ConnectionFields {
  processBaseUrl?: string | undefined;
  collectionId?: string | undefined;
  storageId?: string | undefined;
  authToken?: string | undefined;
  bpmnToken?: string | undefined;
  reportingBaseUrl?: string | undefined;
  tenantId?: string | undefined;
  reportingApiKey?: string | undefined;
  dataPushBaseUrl?: string | undefined;
  dataPushKey?: string | undefined;
  poolId?: string | undefined;
}

/** Which fields each of the service's interfaces needs. */
export const interfaceRequirements = {
  process: ['processBaseUrl', 'collectionId', 'storageId', 'authToken'],
  bpmn: ['processBaseUrl', 'collectionId', 'storageId', 'bpmnToken'],
  reporting: ['reportingBaseUrl', 'tenantId', 'reportingApiKey'],
  dataPush: ['dataPushBaseUrl', 'dataPushKey', 'poolId'],
} as const satisfies Record<string, ReadonlyArray<keyof ConnectionFields>>;

export type ServiceInterface = keyof typeof interfaceRequirements;

/** Thrown when a client is asked for an interface the connection does not configure. */
export class InterfaceNotConfigured extends LanesError {
  readonly serviceInterface: ServiceInterface;
  readonly missing: ReadonlyArray<keyof ConnectionFields>;

  constructor(serviceInterface: ServiceInterface, missing: ReadonlyArray<keyof ConnectionFields>) {
    super({
      code: 'connection.notConfigured',
      message: `The ${serviceInterface} interface is not configured: ${missing.join(', ')} missing.`,
      params: { interface: serviceInterface, fields: missing.join(', ') },
    });
    this.serviceInterface = serviceInterface;
    this.missing = missing;
  }
}

interface ServiceClientOptions {
  /** The data-push routes' prefix where a tenant serves them elsewhere (LANES_DATA_PUSH_PREFIX). */
  dataPushPathPrefix?: string | undefined;
}

export class ServiceClients {
  readonly http: HttpClient;
  readonly #fields: ConnectionFields;
  readonly #options: ServiceClientOptions;
  #process: ProcessClient | undefined;
  #bpmn: BpmnClient | undefined;
  #reporting: ReportingClient | undefined;
  #dataPush: DataPushClient | undefined;

  constructor(fields: ConnectionFields, http: HttpClient, options: ServiceClientOptions = {}) {
    this.#fields = fields;
    this.http = http;
    this.#options = options;
  }

  /** The fields this connection lacks for an interface (empty: configured). */
  missing(serviceInterface: ServiceInterface): Array<keyof ConnectionFields> {
    return interfaceRequirements[serviceInterface].filter((key) => !this.#fields[key]);
  }

  has(serviceInterface: ServiceInterface): boolean {
    return this.missing(serviceInterface).length === 0;
  }

  /*
   * Process and BPMN clients need the tenant's address to be built; a missing
   * token is not refused here but by the service (401, reported as a refused
   * token), so that a profile without a BPMN token still syncs its lists.
   * Callers that want to refuse early (the CLI) ask `missing()` first.
   */
  process(): ProcessClient {
    this.#checkTenant('process');
    this.#process ??= new ProcessClient(this.#requester());
    return this.#process;
  }

  bpmn(): BpmnClient {
    this.#checkTenant('bpmn');
    this.#bpmn ??= new BpmnClient(this.#requester());
    return this.#bpmn;
  }

  reporting(): ReportingClient {
    this.#check('reporting');
    const f = this.#fields;
    this.#reporting ??= new ReportingClient(this.http, {
      baseUrl: f.reportingBaseUrl!,
      tenantId: f.tenantId!,
      apiKey: f.reportingApiKey!,
    });
    return this.#reporting;
  }

  dataPush(): DataPushClient {
    this.#check('dataPush');
    const f = this.#fields;
    const prefix = this.#options.dataPushPathPrefix;
    this.#dataPush ??= new DataPushClient(this.http, {
      baseUrl: f.dataPushBaseUrl!,
      poolId: f.poolId!,
      key: f.dataPushKey!,
      ...(prefix ? { pathPrefix: prefix } : {}),
    });
    return this.#dataPush;
  }

  /** A data-push client on another HTTP client (the app's pushes report their own waits). */
  dataPushOver(http: HttpClient): DataPushClient {
    return new DataPushClient(http, this.dataPushConnection());
  }

  /** The data-push connection as plain data, for a worker thread that makes its own client. */
  dataPushConnection(): DataPushConnection {
    this.#check('dataPush');
    const f = this.#fields;
    const prefix = this.#options.dataPushPathPrefix;
    return {
      baseUrl: f.dataPushBaseUrl!,
      poolId: f.poolId!,
      key: f.dataPushKey!,
      ...(prefix ? { pathPrefix: prefix } : {}),
    };
  }

  #check(serviceInterface: ServiceInterface): void {
    const missing = this.missing(serviceInterface);
    if (missing.length > 0) throw new InterfaceNotConfigured(serviceInterface, missing);
  }

  #checkTenant(serviceInterface: 'process' | 'bpmn'): void {
    const missing = this.missing(serviceInterface).filter(
      (key) => key !== 'authToken' && key !== 'bpmnToken',
    );
    if (missing.length > 0) throw new InterfaceNotConfigured(serviceInterface, missing);
  }

  /** Process and BPMN routes share one requester: it carries both tokens (either may be empty). */
  #requester(): ProcessRequester {
    const f = this.#fields;
    return new ProcessRequester(this.http, {
      baseUrl: f.processBaseUrl!,
      collectionId: f.collectionId!,
      storageId: f.storageId!,
      authToken: f.authToken ?? '',
      bpmnToken: f.bpmnToken ?? '',
    });
  }
}

/** The fields of a process connection in the shape the sync worker receives as plain data. */
export function fieldsOfProcessConnection(connection: ProcessConnection): ConnectionFields {
  return {
    processBaseUrl: connection.baseUrl,
    collectionId: connection.collectionId,
    storageId: connection.storageId,
    authToken: connection.authToken,
    bpmnToken: connection.bpmnToken,
  };
}
