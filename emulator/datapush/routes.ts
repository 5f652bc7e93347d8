/** Data push interface (spec §4.5, §7.2) under each configured path prefix, plus the inspection route. */
import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import type { DataPushJob } from './jobs.ts';
import { applyJob, buildJob, JobStore, tableRows } from './jobs.ts';
import type { RateLimits } from './ratelimit.ts';
import { ExecuteRateLimiter } from './ratelimit.ts';

export interface DataPushOptions {
  prefixes: string[];
  rateLimits: RateLimits;
  /** Delay between job status steps, so clients see QUEUED and RUNNING while polling. */
  stepMs: number;
  chunkLimitBytes: number;
}

type P = { poolId: string; id: string; name: string };

function backendError(reply: FastifyReply, key: string, info: string): FastifyReply {
  return reply.code(400).send({ frontendErrorKey: key, errorInformation: info });
}

export async function registerDataPushRoutes(
  app: FastifyInstance,
  ctx: EmulatorContext,
  options: DataPushOptions,
): Promise<{ stop(): void }> {
  const store = new JobStore(ctx.db);
  const limiter = new ExecuteRateLimiter(options.rateLimits);
  const timers = new Set<NodeJS.Timeout>();
  const later = (fn: () => void): void => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, options.stepMs);
    timers.add(t);
  };

  const run = (pool: string, id: string, duplicateRemovalColumn: string | undefined): void => {
    later(() => {
      const job = store.get(pool, id);
      if (!job || job.status !== 'QUEUED') return;
      job.status = 'RUNNING';
      job.lastPing = new Date().toISOString();
      job.logs.push('Job is running.');
      store.save(job);
      later(() => {
        const current = store.get(pool, id);
        if (!current || current.status !== 'RUNNING') return;
        try {
          current.logs.push(...applyJob(ctx.db, store, current, duplicateRemovalColumn));
          current.status = 'DONE';
          current.logs.push('Job finished successfully.');
        } catch (error) {
          const extra = (error as { logs?: string[] }).logs ?? [];
          current.logs.push(...extra, `Job failed: ${(error as Error).message}`);
          current.status = 'ERROR';
        }
        store.save(current);
      });
    });
  };

  const scope = async (s: FastifyInstance): Promise<void> => {
    await s.register(multipart, { limits: { fileSize: options.chunkLimitBytes, files: 1 } });
    s.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      const auth = req.headers.authorization ?? '';
      const m = /^(AppKey|Bearer)\s+(.+)$/i.exec(auth);
      if (!m || m[2] !== ctx.config.dataPushKey) return reply.code(403).send();
      return undefined;
    });
    s.setErrorHandler((error: Error & { statusCode?: number; code?: string }, _req, reply) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE')
        return backendError(reply, 'CHUNK_TOO_LARGE', error.message);
      if (error.statusCode && error.statusCode < 500)
        return backendError(reply, 'BAD_REQUEST', error.message);
      ctx.logger.error('data push failure', { error: error.message });
      return reply.code(500).send({
        reference: crypto.randomUUID(),
        message: error.message,
        shortMessage: 'Internal server error',
      });
    });
    const jobOr404 = (req: FastifyRequest, reply: FastifyReply): DataPushJob | undefined => {
      const p = req.params as P;
      const job = store.get(p.poolId, p.id);
      if (!job) void reply.code(404).type('text/plain').send(`Job ${p.id} not found.`);
      return job;
    };

    s.post('/:poolId/jobs/', async (req, reply) => {
      const p = req.params as P;
      const { job, errors } = buildJob(req.body, p.poolId, crypto.randomUUID());
      if (!job) return reply.code(400).send({ errors });
      if (String((req.query as Record<string, unknown>).validate) === 'true') return reply.code(204).send();
      store.save(job);
      return job;
    });
    s.get('/:poolId/jobs/', async (req) =>
      store.list((req.params as P).poolId, ['NEW', 'QUEUED', 'RUNNING']),
    );
    s.get('/:poolId/jobs/:id', async (req, reply) => jobOr404(req, reply) ?? reply);
    s.post('/:poolId/jobs/:id', async (req, reply) => {
      const job = jobOr404(req, reply);
      if (!job) return reply;
      if (job.status !== 'NEW')
        return backendError(
          reply,
          'JOB_ALREADY_CLOSED',
          `Job ${job.id} is ${job.status}; only NEW jobs can be executed.`,
        );
      const wait = limiter.take();
      if (wait > 0)
        return reply
          .code(429)
          .header('Retry-After', String(wait))
          .type('text/plain')
          .send('Too many requests: execute rate limit exceeded.');
      if (store.busyOnTarget(job.dataPoolId, job.targetName, job.id)) return reply.code(409).send();
      job.status = 'QUEUED';
      job.logs.push('Job queued.');
      store.save(job);
      const column = (req.query as Record<string, string | undefined>).duplicateRemovalColumn;
      run(job.dataPoolId, job.id, column);
      return reply.code(204).send();
    });
    s.delete('/:poolId/jobs/:id', async (req, reply) => {
      const job = jobOr404(req, reply);
      if (!job) return reply;
      store.delete(job.id);
      return reply.code(204).send();
    });
    s.post('/:poolId/jobs/:id/cancel', async (req, reply) => {
      const job = jobOr404(req, reply);
      if (!job) return reply;
      if (!['NEW', 'QUEUED', 'RUNNING'].includes(job.status))
        return backendError(reply, 'JOB_ALREADY_CLOSED', `Job ${job.id} is ${job.status}.`);
      job.status = 'CANCELED';
      job.logs.push('Job canceled by request.');
      store.save(job);
      return job;
    });
    for (const kind of ['upserted', 'deleted'] as const) {
      s.post(`/:poolId/jobs/:id/chunks/${kind}`, async (req, reply) => {
        const job = jobOr404(req, reply);
        if (!job) return reply;
        if (job.status !== 'NEW')
          return backendError(
            reply,
            'JOB_ALREADY_CLOSED',
            `Job ${job.id} is ${job.status}; chunks can only be added to NEW jobs.`,
          );
        if (!req.isMultipart())
          return backendError(
            reply,
            'MULTIPART_REQUIRED',
            'Send the chunk as multipart/form-data with field "file".',
          );
        let data: Buffer | undefined;
        for await (const part of req.parts()) {
          if (part.type === 'file' && part.fieldname === 'file') data = await part.toBuffer();
          else if (part.type === 'file') await part.toBuffer();
        }
        if (!data) return backendError(reply, 'FILE_REQUIRED', 'The multipart field "file" is required.');
        const chunk = {
          id: crypto.randomUUID(),
          pushJobId: job.id,
          type: kind === 'upserted' ? 'UPSERT' : 'DELETE',
          checksum: createHash('md5').update(data).digest('hex'),
          fileLength: data.length,
          creationDate: new Date().toISOString(),
          optionalTenantId: ctx.config.tenantId,
        };
        store.addChunk(job.id, chunk.id, data, chunk);
        return chunk;
      });
    }
    s.get('/:poolId/jobs/:id/chunks', async (req, reply) => {
      const job = jobOr404(req, reply);
      if (!job) return reply;
      return store.chunks(job.id).map((c) => c.info);
    });
  };

  for (const prefix of options.prefixes) await app.register(scope, { prefix });

  await app.register(async (s) => {
    s.addHook('onRequest', async (req, reply) => {
      const m = /^(AppKey|Bearer)\s+(.+)$/i.exec(req.headers.authorization ?? '');
      if (!m || m[2] !== ctx.config.dataPushKey) return reply.code(403).send();
      return undefined;
    });
    s.get('/_emulator/pools/:poolId/tables/:name', async (req, reply) => {
      const p = req.params as P;
      const rows = tableRows(ctx.db, p.poolId, p.name);
      return (
        rows ?? reply.code(404).type('text/plain').send(`Table ${p.name} not found in pool ${p.poolId}.`)
      );
    });
  });

  return {
    stop: () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
