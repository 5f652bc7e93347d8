import type { z } from 'zod';
import type { HttpClient, HttpMethod, HttpResponse } from '../http/http-client.ts';
import { apiError } from '../http/api-errors.ts';
import { errorForStatus, parseJsonBody, tryParseJson, type CallContext } from '../http/responses.ts';
import {
  operationResultTypes,
  type ElementListQuery,
  type OperationResult,
} from '../../../shared/domain/process.ts';
import { operationResult } from './normalize.ts';
import { rawOperationResultSchema } from './raw-schemas.ts';
import { redact, registerSecret } from '../../log/redact.ts';
import { LanesError } from '../../../shared/ipc/errors.ts';
import { termInEnglish } from '../../../shared/i18n/translate.ts';

/** The OData-style options the element routes share, as query parameters. */
export const elementQuery = (query: ElementListQuery) => ({
  $filter: query.filter,
  $select: query.select,
  $resources: query.resources,
  $expandRelated: query.expandRelated,
});

export interface ProcessConnection {
  baseUrl: string;
  collectionId: string;
  storageId: string;
  authToken: string;
  bpmnToken: string;
}

interface JsonCall<S extends z.ZodType> {
  method: 'GET' | 'POST';
  /** Names the request in errors and logs ("list facets"). */
  operation: string;
  url: URL;
  apiVersion: ApiVersion;
  /** What the request is about, for error messages ("view processes/all"). */
  what?: string;
  schema: S;
  json?: unknown;
}

type ApiVersion = '1.0' | '2.0' | '3.0' | '4.0';

interface ProcessCall {
  operation: string;
  method: HttpMethod;
  url: URL;
  apiVersion?: ApiVersion;
  /** BPMN routes authenticate with the query token instead of the header. */
  auth: 'header' | 'bpmnQuery';
  body?: string;
  contentType?: string;
  what?: string;
  signal?: AbortSignal;
  /** The most of the answer that is read (see BODY_LIMITS); JSON's limit when not given. */
  maxBodyBytes?: number;
}

type Query = Record<string, string | number | boolean | undefined>;

/**
 * URL building, authentication and result checking shared by every
 * process-management operation. The token travels in the `symbio-auth-token`
 * header (never the query, except where the BPMN routes demand it).
 */
export class ProcessRequester {
  readonly #http: HttpClient;
  readonly #connection: ProcessConnection;

  constructor(http: HttpClient, connection: ProcessConnection) {
    this.#http = http;
    this.#connection = connection;
    registerSecret(connection.authToken);
    registerSecret(connection.bpmnToken);
  }

  /** `{base}/{collection}/{storage}/_api/{rest…}` */
  apiUrl(path: string, query: Query = {}): URL {
    const { baseUrl, collectionId, storageId } = this.#connection;
    const url = new URL(
      `${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(collectionId)}/${encodeURIComponent(storageId)}/_api/${path}`,
    );
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    }
    return url;
  }

  restUrl(path: string, query: Query = {}): URL {
    return this.apiUrl(`rest/${path}`, query);
  }

  bpmnUrl(elementId: string, lcid: number): URL {
    const url = this.apiUrl(`v1/bpmn/${encodeURIComponent(elementId)}`, { lcid });
    url.searchParams.set('svc-auth-token', this.#connection.bpmnToken);
    return url;
  }

  async json<S extends z.ZodType>(call: ProcessCall, schema: S): Promise<z.output<S>> {
    const response = await this.#send(call);
    return parseJsonBody(call.operation, response.text, schema);
  }

  /** One JSON request with the header token (the process-management routes); `json` is sent as the body. */
  headerJson<S extends z.ZodType>(
    call: JsonCall<S>,
    options: { signal?: AbortSignal },
  ): Promise<z.output<S>> {
    const { method, operation, url, apiVersion, what, schema, json } = call;
    const body = json === undefined ? {} : { body: JSON.stringify(json), contentType: 'application/json' };
    return this.json(
      { operation, method, url, apiVersion, auth: 'header', ...(what ? { what } : {}), ...body, ...options },
      schema,
    );
  }

  async text(call: ProcessCall): Promise<string> {
    return (await this.#send(call)).text;
  }

  async #send(call: ProcessCall): Promise<HttpResponse> {
    const headers: Record<string, string> = {
      accept: 'application/json, application/xml, image/svg+xml, */*',
    };
    if (call.auth === 'header') headers['symbio-auth-token'] = this.#connection.authToken;
    if (call.apiVersion) headers['api-version'] = call.apiVersion;
    if (call.contentType) headers['content-type'] = call.contentType;
    const response = await this.#http.send({
      operation: call.operation,
      method: call.method,
      url: call.url,
      headers,
      ...(call.body !== undefined ? { body: call.body } : {}),
      ...(call.signal ? { signal: call.signal } : {}),
      ...(call.maxBodyBytes ? { maxBodyBytes: call.maxBodyBytes } : {}),
    });
    const context: CallContext = {
      operation: call.operation,
      credential: call.auth === 'header' ? 'authToken' : 'bpmnToken',
      ...(call.what ? { what: call.what } : {}),
    };
    const result = embeddedResult(response.text);
    if (response.status >= 300) {
      if (result?.type === 'unauthorized' || response.status === 401)
        throw errorForStatus(context, { ...response, status: 401 }, '');
      throw errorForStatus(context, response, describeResult(result) || plainText(response.text));
    }
    // A 200 can still carry `type: error`: the body decides.
    if (result) throwIfFailed(context, result);
    return response;
  }
}

function embeddedResult(text: string): OperationResult | undefined {
  // A result names its message: a body without one (a listing of megabytes, say) is not parsed twice.
  if (!text.includes('"message"')) return undefined;
  const body = tryParseJson(text);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const parsed = rawOperationResultSchema.safeParse(body);
  if (!parsed.success || !('message' in body)) return undefined;
  if (!(operationResultTypes as readonly string[]).includes(parsed.data.type.toLowerCase())) return undefined;
  return operationResult(parsed.data);
}

function describeResult(result: OperationResult | undefined): string {
  if (!result) return '';
  // The service often repeats its message among the errors: each said once.
  return [...new Set([result.message, ...result.errors])].filter(Boolean).join(' — ');
}

function throwIfFailed(context: CallContext, result: OperationResult): void {
  const message = describeResult(result) || result.type;
  switch (result.type) {
    case 'unauthorized':
      throw apiError(
        'api.unauthorized',
        `The service refused the ${termInEnglish('credential', context.credential)}.`,
        {
          operation: context.operation,
          credential: context.credential,
        },
      );
    case 'warning':
      throw new LanesError({
        ...apiError('api.validationWarning', `${termInEnglish('operation', context.operation)}: ${message}`, {
          operation: context.operation,
          serviceMessage: message,
        }).toData(),
        // Each warning on its own, so that a dialog can list them.
        details: result.errors.map(redact),
      });
    case 'error':
    case 'critical':
      throw apiError('api.serviceError', `${termInEnglish('operation', context.operation)}: ${message}`, {
        operation: context.operation,
        serviceMessage: message,
      });
    default:
  }
}

function plainText(text: string): string {
  const body = tryParseJson(text);
  if (typeof body === 'string') return body.slice(0, 300);
  if (body && typeof body === 'object' && 'message' in body)
    return String((body as { message: unknown }).message);
  return '';
}
