import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { HttpClient, HttpMethod } from '../http/http-client.ts';
import { errorForStatus, parseJsonBody, tryParseJson } from '../http/responses.ts';
import { registerSecret } from '../../log/redact.ts';
import {
  jobStatuses,
  type DataPushChunk,
  type DataPushJob,
  type JobType,
  type ColumnTransport,
  type CsvParsingOptions,
} from '../../../shared/domain/datapush.ts';

export interface DataPushConnection {
  baseUrl: string;
  poolId: string;
  key: string;
  /** `AppKey` (default) or `Bearer`. */
  scheme?: 'AppKey' | 'Bearer';
  /** Deployments differ: `/api/v1/data-push` (default), `/integration/api/v1/data-push`, `/data-ingestion/api/v1/data-push`. */
  pathPrefix?: string;
}

const jobSchema = z
  .looseObject({
    id: z.string(),
    targetName: z.string().optional().default(''),
    status: z.enum(jobStatuses).optional().default('NEW'),
    type: z.enum(['REPLACE', 'DELTA']).optional().default('DELTA'),
    fileType: z.string().optional(),
    dataPoolId: z.string().optional(),
    keys: z
      .array(z.string())
      .nullish()
      .transform((v) => v ?? []),
    logs: z
      .array(z.string())
      .nullish()
      .transform((v) => v ?? []),
    tableSchema: z
      .looseObject({
        tableName: z.string(),
        columns: z.array(z.looseObject({ columnName: z.string(), columnType: z.string() })),
      })
      .nullish(),
    creationDate: z.string().nullish(),
    changeDate: z.string().nullish(),
  })
  .transform((job) => job as unknown as DataPushJob);
const chunkSchema = z
  .looseObject({
    id: z.string(),
    pushJobId: z.string().optional().default(''),
    type: z.enum(['UPSERT', 'DELETE']),
  })
  .transform((c) => c as unknown as DataPushChunk);

interface NewJob {
  targetName: string;
  type: JobType;
  keys: string[];
  columns: ColumnTransport[];
  csvParsingOptions?: CsvParsingOptions;
  fallbackVarcharLength?: number;
}

/** The nine data-push operations (service-api.md §4.5). */
export class DataPushClient {
  readonly #http: HttpClient;
  readonly #c: DataPushConnection;

  constructor(http: HttpClient, connection: DataPushConnection) {
    this.#http = http;
    this.#c = connection;
    registerSecret(connection.key);
  }

  createJob(job: NewJob, signal?: AbortSignal): Promise<DataPushJob> {
    const body = {
      targetName: job.targetName,
      type: job.type,
      fileType: 'CSV',
      dataPoolId: this.#c.poolId,
      keys: job.keys,
      upsertStrategy: 'UPSERT_WITH_NULLIFICATION',
      tableSchema: { tableName: job.targetName, columns: job.columns },
      csvParsingOptions: job.csvParsingOptions ?? {
        separatorSequence: ',',
        quoteSequence: '"',
        lineEnding: '\n',
        charSet: 'UTF-8',
      },
      ...(job.fallbackVarcharLength ? { fallbackVarcharLength: job.fallbackVarcharLength } : {}),
    };
    return this.#json('createPushJob', 'POST', '/', jobSchema, { json: body, signal });
  }

  async listJobs(signal?: AbortSignal): Promise<DataPushJob[]> {
    return (
      (await this.#json('listPushJobs', 'GET', '/', z.array(jobSchema).nullable(), {
        signal,
        empty: null,
      })) ?? []
    );
  }

  getJob(id: string, signal?: AbortSignal): Promise<DataPushJob> {
    return this.#json('getPushJob', 'GET', `/${enc(id)}`, jobSchema, { signal, what: `job ${id}` });
  }

  async executeJob(
    id: string,
    options: { duplicateRemovalColumn?: string; signal?: AbortSignal } = {},
  ): Promise<void> {
    const query = options.duplicateRemovalColumn
      ? `?duplicateRemovalColumn=${enc(options.duplicateRemovalColumn)}`
      : '';
    await this.#call('executePushJob', 'POST', `/${enc(id)}${query}`, {
      signal: options.signal,
      what: `job ${id}`,
    });
  }

  async deleteJob(id: string, signal?: AbortSignal): Promise<void> {
    await this.#call('deletePushJob', 'DELETE', `/${enc(id)}`, { signal, what: `job ${id}` });
  }

  async cancelJob(id: string, signal?: AbortSignal): Promise<void> {
    await this.#call('cancelPushJob', 'POST', `/${enc(id)}/cancel`, { signal, what: `job ${id}` });
  }

  /**
   * One chunk per request, as multipart field `file`. The multipart envelope is
   * written around the chunk instead of copying it into a FormData blob, so a
   * chunk is held in memory once.
   */
  async addChunk(
    id: string,
    kind: 'upserted' | 'deleted',
    chunk: Uint8Array,
    signal?: AbortSignal,
  ): Promise<void> {
    const envelope = multipartEnvelope();
    await this.addWrappedChunk(
      id,
      kind,
      Buffer.concat([envelope.head, chunk, envelope.tail]),
      envelope.boundary,
      signal,
    );
  }

  /** A chunk already inside its multipart envelope (`multipartEnvelope`), sent as the one buffer it is. */
  async addWrappedChunk(
    id: string,
    kind: 'upserted' | 'deleted',
    wire: Uint8Array,
    boundary: string,
    signal?: AbortSignal,
  ): Promise<void> {
    await this.#call('uploadChunk', 'POST', `/${enc(id)}/chunks/${kind}`, {
      signal,
      body: wire,
      contentType: `multipart/form-data; boundary=${boundary}`,
      what: `job ${id}`,
    });
  }

  async listChunks(id: string, signal?: AbortSignal): Promise<DataPushChunk[]> {
    return (
      (await this.#json('listChunks', 'GET', `/${enc(id)}/chunks`, z.array(chunkSchema).nullable(), {
        signal,
        what: `job ${id}`,
        empty: null,
      })) ?? []
    );
  }

  /** The emulator's inspection route (not part of the real service). */
  async inspectTable(table: string, signal?: AbortSignal): Promise<Record<string, unknown>[]> {
    const url = new URL(
      `${this.#c.baseUrl.replace(/\/+$/, '')}/_emulator/pools/${enc(this.#c.poolId)}/tables/${enc(table)}`,
    );
    const response = await this.#http.send({
      operation: 'inspectTable',
      method: 'GET',
      url,
      headers: this.#headers(),
      ...(signal ? { signal } : {}),
    });
    if (response.status >= 300)
      throw errorForStatus(
        { operation: 'inspectTable', credential: 'dataPushKey', what: `table ${table}` },
        response,
        String(tryParseJson(response.text)),
      );
    return parseJsonBody('inspectTable', response.text, z.array(z.record(z.string(), z.unknown())));
  }

  #headers(): Record<string, string> {
    return { authorization: `${this.#c.scheme ?? 'AppKey'} ${this.#c.key}`, accept: 'application/json' };
  }

  async #json<S extends z.ZodType>(
    operation: string,
    method: HttpMethod,
    path: string,
    schema: S,
    options: { json?: unknown; signal?: AbortSignal | undefined; what?: string; empty?: z.output<S> },
  ): Promise<z.output<S>> {
    const text = await this.#call(operation, method, path, {
      ...options,
      ...(options.json !== undefined
        ? { body: JSON.stringify(options.json), contentType: 'application/json' }
        : {}),
    });
    if (text.trim() === '' && 'empty' in options) return options.empty as z.output<S>;
    return parseJsonBody(operation, text, schema);
  }

  async #call(
    operation: string,
    method: HttpMethod,
    path: string,
    options: {
      signal?: AbortSignal | undefined;
      body?: string | Uint8Array;
      contentType?: string;
      what?: string;
    },
  ): Promise<string> {
    const prefix = this.#c.pathPrefix ?? '/api/v1/data-push';
    const url = new URL(`${this.#c.baseUrl.replace(/\/+$/, '')}${prefix}/${enc(this.#c.poolId)}/jobs${path}`);
    const headers = this.#headers();
    if (options.contentType) headers['content-type'] = options.contentType;
    const response = await this.#http.send({
      operation,
      method,
      url,
      headers,
      ...(options.body !== undefined ? { body: options.body } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (response.status >= 300) {
      throw errorForStatus(
        { operation, credential: 'dataPushKey', ...(options.what ? { what: options.what } : {}) },
        response,
        describeBody(response.text),
      );
    }
    return response.text;
  }
}

const enc = encodeURIComponent;

/** The multipart head and tail of one chunk upload (field `file`), with a boundary no CSV contains. */
export function multipartEnvelope(): { boundary: string; head: Buffer; tail: Buffer } {
  const boundary = `lanes-${randomUUID()}`;
  return {
    boundary,
    head: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="chunk.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}

/** Error bodies: plain strings (404, 429), FrontendHandledBackendError, ExceptionReference or validation errors. */
function describeBody(text: string): string {
  const body = tryParseJson(text);
  if (typeof body === 'string') return body.slice(0, 300);
  if (!body || typeof body !== 'object') return '';
  const b = body as Record<string, unknown>;
  if (Array.isArray(b.errors)) {
    return b.errors
      .map((e) => {
        const x = e as Record<string, unknown>;
        return [x.attribute, x.error].filter(Boolean).join(': ');
      })
      .join('; ');
  }
  return String(b.errorInformation ?? b.message ?? b.shortMessage ?? b.frontendErrorKey ?? '');
}
