/**
 * Fault injection for reliability tests: latency, failing responses,
 * connection resets mid-body and slow bodies, scoped by route pattern and
 * method. Decisions use a seeded PRNG so a failing test can be replayed.
 * The control routes themselves are never faulted.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Rng } from './util/random.ts';
import { createRng } from './util/random.ts';

export interface FaultRule {
  id?: string;
  /** A glob on the path (`*` matches anything, also across `/`), or a regex written `/.../` or starting with `^`. */
  route: string;
  method?: string;
  latencyMs?: number;
  failRate?: number;
  status?: number;
  retryAfter?: number;
  resetRate?: number;
  slowBodyMs?: number;
  /** Stop applying the rule after this many matching requests. */
  count?: number;
}

interface Compiled {
  rule: FaultRule & { id: string };
  pattern: RegExp;
  hits: number;
}

type Planned = { reset: boolean; slowMs: number };

const CONTROL = '/_emulator/faults';

function compile(route: string): RegExp {
  if (route.length > 1 && route.startsWith('/') && route.endsWith('/')) return new RegExp(route.slice(1, -1));
  if (route.startsWith('^')) return new RegExp(route);
  const escaped = route.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

function validateRule(input: unknown): FaultRule {
  const rule = input as FaultRule;
  if (!rule || typeof rule !== 'object' || typeof rule.route !== 'string' || rule.route === '') {
    throw new Error('A fault rule needs a "route" pattern.');
  }
  for (const key of ['failRate', 'resetRate'] as const) {
    const v = rule[key];
    if (v !== undefined && (typeof v !== 'number' || v < 0 || v > 1))
      throw new Error(`${key} must be between 0 and 1.`);
  }
  for (const key of ['latencyMs', 'slowBodyMs', 'retryAfter', 'count'] as const) {
    const v = rule[key];
    if (v !== undefined && (typeof v !== 'number' || v < 0))
      throw new Error(`${key} must be a non-negative number.`);
  }
  if (
    rule.status !== undefined &&
    (!Number.isInteger(rule.status) || rule.status < 400 || rule.status > 599)
  ) {
    throw new Error('status must be a 4xx or 5xx code.');
  }
  compile(rule.route);
  return rule;
}

/** Data push error bodies per service-api.md §7.2, so injected faults look like real ones. */
function dataPushErrorBody(status: number, message: string): unknown {
  if (status === 400) return { frontendErrorKey: 'INJECTED_FAULT', errorInformation: message };
  if (status === 403 || status === 409) return '';
  if (status >= 500)
    return { reference: crypto.randomUUID(), message, shortMessage: 'Internal server error' };
  return message;
}

export class FaultInjector {
  private rules: Compiled[] = [];
  private rng: Rng;
  private seed: number;
  private nextId = 1;

  constructor(seed: number = Date.now() >>> 0, rules: FaultRule[] = []) {
    this.seed = seed;
    this.rng = createRng(seed);
    for (const r of rules) this.add(r);
  }

  add(input: unknown): FaultRule & { id: string } {
    const rule = { ...validateRule(input), id: (input as FaultRule).id ?? `fault-${this.nextId++}` };
    this.rules.push({ rule, pattern: compile(rule.route), hits: 0 });
    return rule;
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((c) => c.rule.id !== id);
    return this.rules.length < before;
  }

  clear(seed?: number): void {
    this.rules = [];
    if (seed !== undefined) {
      this.seed = seed;
      this.rng = createRng(seed);
    }
  }

  list(): { seed: number; rules: FaultRule[] } {
    return { seed: this.seed, rules: this.rules.map((c) => ({ ...c.rule, hits: c.hits }) as FaultRule) };
  }

  private matching(method: string, path: string): Compiled[] {
    return this.rules.filter(
      (c) =>
        (!c.rule.method || c.rule.method.toUpperCase() === method) &&
        c.pattern.test(path) &&
        (c.rule.count === undefined || c.hits < c.rule.count),
    );
  }

  install(app: FastifyInstance): void {
    const planned = new WeakMap<FastifyRequest, Planned>();
    app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      const path = req.url.split('?')[0] ?? '';
      if (path.startsWith(CONTROL)) return undefined;
      const hits = this.matching(req.method, path);
      if (!hits.length) return undefined;
      const plan: Planned = { reset: false, slowMs: 0 };
      for (const c of hits) {
        c.hits++;
        const r = c.rule;
        if (r.latencyMs) await new Promise((resolve) => setTimeout(resolve, r.latencyMs));
        if (r.failRate && this.rng() < r.failRate) {
          const status = r.status ?? 503;
          if (status === 429 || status === 503) reply.header('Retry-After', String(r.retryAfter ?? 1));
          const message = `Injected fault ${status} (rule ${r.id}).`;
          return reply
            .code(status)
            .send(
              path.includes('/data-push/')
                ? dataPushErrorBody(status, message)
                : { data: [{ error: message }], message, output: 'Volatile', type: 'Error' },
            );
        }
        if (r.resetRate && this.rng() < r.resetRate) plan.reset = true;
        if (r.slowBodyMs) plan.slowMs = Math.max(plan.slowMs, r.slowBodyMs);
      }
      if (plan.reset || plan.slowMs) planned.set(req, plan);
      return undefined;
    });
    app.addHook('onSend', async (req, reply, payload) => {
      const plan = planned.get(req);
      if (!plan || payload === null || payload === undefined || payload instanceof Readable) return payload;
      const bytes = Buffer.isBuffer(payload) ? payload : Buffer.from(String(payload));
      reply.header('content-length', String(bytes.length));
      if (plan.reset) {
        // Half the body, then the socket goes: the client sees a body shorter than content-length.
        const half = bytes.subarray(0, Math.floor(bytes.length / 2));
        let sent = false;
        return new Readable({
          read() {
            if (sent) return;
            sent = true;
            this.push(half);
            setTimeout(() => req.raw.socket.destroy(), 20);
          },
        });
      }
      const pieces = 10;
      const size = Math.ceil(bytes.length / pieces) || 1;
      let offset = 0;
      return new Readable({
        read() {
          if (offset >= bytes.length) {
            this.push(null);
            return;
          }
          const chunk = bytes.subarray(offset, offset + size);
          offset += size;
          setTimeout(() => this.push(chunk), plan.slowMs / pieces);
        },
      });
    });
  }

  registerControlRoutes(app: FastifyInstance): void {
    app.get(CONTROL, async () => this.list());
    app.post(CONTROL, async (req, reply) => {
      const body = req.body as { rules?: unknown[]; seed?: number } | unknown[] | null;
      const inputs = Array.isArray(body) ? body : Array.isArray(body?.rules) ? body.rules : [body];
      try {
        if (!Array.isArray(body) && typeof body?.seed === 'number') {
          this.seed = body.seed;
          this.rng = createRng(body.seed);
        }
        const added = inputs
          .filter((i) => i !== undefined && !(typeof i === 'object' && i && 'seed' in i && !('route' in i)))
          .map((i) => this.add(i));
        return reply.code(201).send({ added, ...this.list() });
      } catch (error) {
        return reply.code(400).send({ message: (error as Error).message });
      }
    });
    app.delete(CONTROL, async () => {
      this.clear();
      return this.list();
    });
    app.delete(`${CONTROL}/:id`, async (req, reply) => {
      const removed = this.remove((req.params as { id: string }).id);
      return removed ? this.list() : reply.code(404).send({ message: 'No such fault rule.' });
    });
  }
}
