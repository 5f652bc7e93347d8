import { z } from 'zod';
import type { HttpClient } from '../http/http-client.ts';
import { errorForStatus, parseJsonBody, tryParseJson } from '../http/responses.ts';
import { registerSecret } from '../../log/redact.ts';
import type {
  ReportingElement,
  ReportingHierarchyNode,
  ReportingPage,
} from '../../../shared/domain/reporting.ts';

interface ReportingConnection {
  baseUrl: string;
  tenantId: string;
  apiKey: string;
}

/** The service caps `take` at 100, also when it is omitted. */
const REPORTING_MAX_TAKE = 100;

const elementSchema = z.looseObject({ id: z.string() }).transform((raw) => raw as ReportingElement);
const pageSchema = z.union([
  z.looseObject({
    totalCount: z.number(),
    values: z.array(elementSchema).optional(),
    elements: z.array(elementSchema).optional(),
    items: z.array(elementSchema).optional(),
  }),
]);
const facetsSchema = z.union([
  z.array(z.string()),
  z.looseObject({ values: z.array(z.string()) }).transform((body) => body.values),
]);
type RawNode = { id: string; children?: RawNode[] } & Record<string, unknown>;
const nodeSchema: z.ZodType<RawNode> = z.lazy(() =>
  z.looseObject({ id: z.string(), children: z.array(nodeSchema).optional() }),
);
const hierarchySchema = z.union([
  z.array(nodeSchema),
  z.looseObject({ values: z.array(nodeSchema) }).transform((b) => b.values),
  nodeSchema.transform((node) => [node]),
]);

/** The read-only reporting interface (service-api.md §4.3). */
export class ReportingClient {
  readonly #http: HttpClient;
  readonly #connection: ReportingConnection;

  constructor(http: HttpClient, connection: ReportingConnection) {
    this.#http = http;
    this.#connection = connection;
    registerSecret(connection.apiKey);
  }

  async listElements(
    query: { skip?: number; take?: number; facetName?: string } = {},
    options: { signal?: AbortSignal } = {},
  ): Promise<ReportingPage> {
    const take = Math.min(query.take ?? REPORTING_MAX_TAKE, REPORTING_MAX_TAKE);
    const body = await this.#get(
      'reportElements',
      '/api/v1/elements',
      { skip: query.skip ?? 0, take, facetName: query.facetName },
      pageSchema,
      options.signal,
    );
    return { totalCount: body.totalCount, elements: body.values ?? body.elements ?? body.items ?? [] };
  }

  /** Every element (of one facet), 100 at a time; `onPage` reports progress against totalCount. */
  async listAllElements(
    query: { facetName?: string } = {},
    options: { signal?: AbortSignal; onPage?: (done: number, total: number) => void } = {},
  ): Promise<ReportingElement[]> {
    const all: ReportingElement[] = [];
    for (;;) {
      const page = await this.listElements({ ...query, skip: all.length, take: REPORTING_MAX_TAKE }, options);
      all.push(...page.elements);
      options.onPage?.(all.length, page.totalCount);
      if (page.elements.length === 0 || all.length >= page.totalCount) return all;
    }
  }

  listFacets(options: { signal?: AbortSignal } = {}): Promise<string[]> {
    return this.#get('reportFacets', '/api/v1/facets', {}, facetsSchema, options.signal);
  }

  async hierarchy(
    facetName: string,
    options: { signal?: AbortSignal } = {},
  ): Promise<ReportingHierarchyNode[]> {
    const path = `/api/v1/facets/${encodeURIComponent(facetName)}/hierarchy`;
    return (await this.#get(
      'reportHierarchy',
      path,
      {},
      hierarchySchema,
      options.signal,
    )) as ReportingHierarchyNode[];
  }

  async #get<S extends z.ZodType>(
    operation: string,
    path: string,
    query: Record<string, string | number | undefined>,
    schema: S,
    signal: AbortSignal | undefined,
  ): Promise<z.output<S>> {
    const url = new URL(this.#connection.baseUrl.replace(/\/+$/, '') + path);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    }
    const response = await this.#http.send({
      operation,
      method: 'GET',
      url,
      headers: {
        accept: 'application/json',
        'x-tenant-id': this.#connection.tenantId,
        'x-api-key': this.#connection.apiKey,
      },
      ...(signal ? { signal } : {}),
    });
    if (response.status >= 300) {
      const body = tryParseJson(response.text);
      const message =
        typeof body === 'string' ? body : String((body as { message?: unknown })?.message ?? '');
      throw errorForStatus({ operation, credential: 'reportingKey', what: path }, response, message);
    }
    return parseJsonBody(operation, response.text, schema);
  }
}
