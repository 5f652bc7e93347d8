import { setTimeout as sleep } from 'node:timers/promises';
import { Readable } from 'node:stream';
import type { IncomingHttpHeaders } from 'node:http';
import { request, type Dispatcher, type FormData } from 'undici';
import { apiError, UNAVAILABLE_STATUSES } from './api-errors.ts';
import {
  attemptsAllowed,
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  parseRetryAfter,
  RETRYABLE_READ_STATUSES,
  type RetryPolicy,
} from './retry-policy.ts';
import { LanesError } from '../../../shared/ipc/errors.ts';
import { BODY_LIMITS } from './body-limits.ts';
import { termInEnglish } from '../../../shared/i18n/translate.ts';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface HttpRequest {
  /** A short name for messages, e.g. "list elements". */
  operation: string;
  method: HttpMethod;
  url: URL;
  headers?: Record<string, string>;
  /** Several parts are sent one after the other without being joined (large uploads). */
  body?: string | Uint8Array | FormData | readonly Uint8Array[];
  signal?: AbortSignal;
  /** The most of the answer's body that is read (BODY_LIMITS.json unless the operation says). */
  maxBodyBytes?: number;
}

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** Told to the caller whenever the client waits before trying again, so the UI can show it. */
export interface WaitNotice {
  operation: string;
  attempt: number;
  waitMs: number;
  reason: 'rateLimited' | 'unavailable' | 'network';
}

export interface HttpClientOptions {
  dispatcher: Dispatcher;
  retry?: Partial<RetryPolicy>;
  onWait?: (notice: WaitNotice) => void;
  /** Told after every attempt whether the service answered at all: the app's online state comes from here. */
  onReachability?: (reachable: boolean) => void;
  random?: () => number;
}

/** Failures where the request never left this machine: safe to send again, even a write. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);
const MAX_REDIRECTS = 3;

/**
 * The one place that sends HTTP. Reads are retried on network errors and on
 * 429/502/503/504 with backoff and jitter, honouring Retry-After in full.
 * Writes are retried only when the service said "not now" (429) or the
 * connection never opened; after that their outcome is unknown and they are
 * reported as such, never resent. Redirects are followed only within the same
 * origin, so no credential (header or query token) reaches another host.
 */
export class HttpClient {
  readonly #dispatcher: Dispatcher;
  readonly #policy: RetryPolicy;
  readonly #onWait: (notice: WaitNotice) => void;
  readonly #onReachability: (reachable: boolean) => void;
  readonly #random: () => number;
  #bytesReceived = 0;

  constructor(options: HttpClientOptions) {
    this.#dispatcher = options.dispatcher;
    this.#policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.#onWait = options.onWait ?? (() => {});
    this.#onReachability = options.onReachability ?? (() => {});
    this.#random = options.random ?? Math.random;
  }

  /** Response body bytes received so far (every attempt counts): what a sync costs on the wire. */
  get bytesReceived(): number {
    return this.#bytesReceived;
  }

  async send(input: HttpRequest): Promise<HttpResponse> {
    const isRead = input.method === 'GET';
    const maxAttempts = attemptsAllowed(this.#policy);
    let current = input;
    let redirects = 0;
    for (let attempt = 1; ; attempt++) {
      let response: HttpResponse;
      try {
        response = await this.#sendOnce(current);
        // A gateway or "unavailable" status is the service not serving: for the user that is offline.
        this.#onReachability(!UNAVAILABLE_STATUSES.has(response.status));
      } catch (error) {
        const failure = this.#classify(error, current);
        if (failure.error.code === 'api.unreachable' || failure.error.code === 'api.timeout')
          this.#onReachability(false);
        if (failure.retryable && attempt < maxAttempts) {
          await this.#wait(current, attempt, backoffDelay(this.#policy, attempt, this.#random), 'network');
          continue;
        }
        throw failure.error;
      }
      if (response.status >= 300 && response.status < 400 && response.headers.location) {
        current = this.#redirectTarget(current, response, ++redirects);
        attempt = 0;
        continue;
      }
      const retryable = isRead ? RETRYABLE_READ_STATUSES.has(response.status) : response.status === 429;
      if (!retryable || attempt >= maxAttempts) return response;
      const retryAfter = parseRetryAfter(response.headers['retry-after']);
      if (retryAfter !== undefined && retryAfter > this.#policy.maxRetryAfterMs) return response;
      const delay = retryAfter ?? backoffDelay(this.#policy, attempt, this.#random);
      await this.#wait(current, attempt, delay, response.status === 429 ? 'rateLimited' : 'unavailable');
    }
  }

  async #sendOnce(input: HttpRequest): Promise<HttpResponse> {
    const parts = Array.isArray(input.body) ? (input.body as readonly Uint8Array[]) : undefined;
    const response = await request(input.url, {
      method: input.method,
      headers: parts
        ? {
            ...input.headers,
            'content-length': String(parts.reduce((sum, part) => sum + part.byteLength, 0)),
          }
        : input.headers,
      // A fresh stream per attempt, so that a permitted retry sends the whole body again.
      body: parts ? Readable.from(parts) : (input.body as string | Uint8Array | FormData | undefined),
      signal: input.signal,
      dispatcher: this.#dispatcher,
    });
    const text = await this.#readBody(input, response);
    return { status: response.statusCode, headers: response.headers, text };
  }

  /** The body as text, read only up to the operation's limit: the rest is never buffered. */
  async #readBody(input: HttpRequest, response: Dispatcher.ResponseData): Promise<string> {
    const limit = input.maxBodyBytes ?? BODY_LIMITS.json;
    const operationName = termInEnglish('operation', input.operation);
    const tooLarge = (): LanesError => {
      response.body.destroy();
      return apiError(
        'api.responseTooLarge',
        `The answer to ${operationName} is larger than ${limit} bytes.`,
        {
          operation: input.operation,
          limit: String(limit),
        },
      );
    };
    if (Number(response.headers['content-length']) > limit) throw tooLarge();
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      length += chunk.length;
      this.#bytesReceived += chunk.length;
      if (length > limit) throw tooLarge();
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, length).toString('utf8');
  }

  #redirectTarget(input: HttpRequest, response: HttpResponse, count: number): HttpRequest {
    const location = String(response.headers.location);
    const target = new URL(location, input.url);
    if (target.origin !== input.url.origin || count > MAX_REDIRECTS || input.method !== 'GET') {
      const operationName = termInEnglish('operation', input.operation);
      throw apiError('api.redirected', `The service redirected ${operationName} to ${target.origin}.`, {
        operation: input.operation,
        target: target.origin,
      });
    }
    return { ...input, url: target };
  }

  #classify(error: unknown, input: HttpRequest): { retryable: boolean; error: LanesError } {
    if (error instanceof LanesError) return { retryable: false, error };
    const code = errorCode(error);
    const origin = input.url.origin;
    const operationName = termInEnglish('operation', input.operation);
    // Before the abort check: undici reports a proxy's refusal of a tunnel as an aborted request.
    const proxyStatus = proxyRefusal(error);
    if (proxyStatus === 407) {
      return {
        retryable: false,
        error: apiError(
          'api.proxyAuthRequired',
          `The proxy asks for a sign-in (407) before it lets ${operationName} reach ${origin}.`,
          { origin, operation: input.operation },
          error,
        ),
      };
    }
    if (proxyStatus !== undefined) {
      return {
        retryable: true,
        error: apiError(
          'api.unreachable',
          `The proxy refused the connection to ${origin} (${proxyStatus}).`,
          { origin, reason: 'proxyRefused', proxyStatus: String(proxyStatus), operation: input.operation },
          error,
        ),
      };
    }
    if (input.signal?.aborted || code === 'UND_ERR_ABORTED' || (error as Error)?.name === 'AbortError') {
      return {
        retryable: false,
        error: apiError(
          'api.cancelled',
          `${operationName} was cancelled.`,
          { operation: input.operation },
          error,
        ),
      };
    }
    if (NOT_SENT_CODES.has(code)) {
      return {
        retryable: true,
        error: apiError(
          'api.unreachable',
          `Could not reach ${origin} (${code}).`,
          { origin, reason: describeNetworkCode(code), operation: input.operation },
          error,
        ),
      };
    }
    if (input.method !== 'GET') {
      return {
        retryable: false,
        error: apiError(
          'api.outcomeUnknown',
          `The connection broke after ${operationName} was sent (${code}).`,
          { operation: input.operation, reason: code },
          error,
        ),
      };
    }
    if (TIMEOUT_CODES.has(code)) {
      return {
        retryable: true,
        error: apiError('api.timeout', `${operationName} timed out.`, { operation: input.operation }, error),
      };
    }
    return {
      retryable: true,
      error: apiError(
        'api.unreachable',
        `The connection to ${origin} failed (${code}).`,
        { origin, reason: describeNetworkCode(code), operation: input.operation },
        error,
      ),
    };
  }

  async #wait(
    input: HttpRequest,
    attempt: number,
    waitMs: number,
    reason: WaitNotice['reason'],
  ): Promise<void> {
    this.#onWait({ operation: input.operation, attempt, waitMs, reason });
    try {
      await sleep(waitMs, undefined, { signal: input.signal });
    } catch (error) {
      throw apiError(
        'api.cancelled',
        `${termInEnglish('operation', input.operation)} was cancelled.`,
        { operation: input.operation },
        error,
      );
    }
  }
}

function errorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_SOCKET') return code;
    if (code === 'UND_ERR_SOCKET') return 'ECONNRESET';
    current = (current as { cause?: unknown }).cause;
  }
  return 'ENETWORK';
}

/** The status a proxy refused the request with (undici words it in the message only), if that is what failed. */
function proxyRefusal(error: unknown): number | undefined {
  const message = String((error as Error | undefined)?.message ?? '');
  const match = /Proxy response \((\d{3})\)|Proxy Authentication Required \((\d{3})\)/.exec(message);
  return match ? Number(match[1] ?? match[2]) : undefined;
}

/** Why the network failed, as the catalogue's word for it (`reason.*`), or the system's code. */
function describeNetworkCode(code: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'hostNotFound';
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'timedOut';
    case 'ECONNRESET':
      return 'reset';
    default:
      return code;
  }
}
