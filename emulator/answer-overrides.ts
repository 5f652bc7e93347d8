/**
 * Canned answers for tests of hostile services: a route answers with a body
 * the test chooses (an SVG built to amplify, a BPMN export that echoes the
 * request, an answer far too large) instead of the emulator's own. The body
 * is `head + middle × times + tail`, so a test can ask for megabytes without
 * sending them. Control routes: POST/DELETE /_emulator/answers.
 */
import type { FastifyInstance } from 'fastify';

interface AnswerOverride {
  /** A regular expression on the path (without the query). */
  route: string;
  method?: string;
  status?: number;
  contentType?: string;
  head: string;
  middle?: string;
  times?: number;
  tail?: string;
}

const CONTROL = '/_emulator/answers';
const MAX_BODY_BYTES = 1024 * 1024 * 1024;

function validateOverride(input: unknown): AnswerOverride {
  const o = input as AnswerOverride;
  if (!o || typeof o !== 'object' || typeof o.route !== 'string' || typeof o.head !== 'string')
    throw new Error('An answer override needs "route" and "head".');
  new RegExp(o.route);
  const times = o.times ?? 0;
  if (!Number.isInteger(times) || times < 0) throw new Error('"times" must be a non-negative integer.');
  if (o.head.length + (o.middle ?? '').length * times + (o.tail ?? '').length > MAX_BODY_BYTES)
    throw new Error('The body would be larger than 1 GB.');
  if (o.status !== undefined && (!Number.isInteger(o.status) || o.status < 200 || o.status > 599))
    throw new Error('"status" must be an HTTP status.');
  return o;
}

export function installAnswerOverrides(app: FastifyInstance): void {
  let overrides: { rule: AnswerOverride; pattern: RegExp }[] = [];
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (path.startsWith(CONTROL)) return undefined;
    const hit = overrides.find(
      ({ rule, pattern }) => pattern.test(path) && (!rule.method || rule.method.toUpperCase() === req.method),
    );
    if (!hit) return undefined;
    const { rule } = hit;
    const body = rule.head + (rule.middle ?? '').repeat(rule.times ?? 0) + (rule.tail ?? '');
    return reply
      .code(rule.status ?? 200)
      .header('content-type', rule.contentType ?? 'application/octet-stream')
      .send(body);
  });
  app.post(CONTROL, async (req, reply) => {
    try {
      const rule = validateOverride(req.body);
      overrides = [...overrides, { rule, pattern: new RegExp(rule.route) }];
      return { count: overrides.length };
    } catch (error) {
      return reply.code(400).send({ message: (error as Error).message });
    }
  });
  app.delete(CONTROL, async () => {
    overrides = [];
    return { count: 0 };
  });
}
