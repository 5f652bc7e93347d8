/** Assembles the Fastify app: error mapping, faults, control routes and the three interfaces. */
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { registerBpmnRoutes } from './bpmn/routes.ts';
import type { EmulatorContext } from './context.ts';
import type { DataPushOptions } from './datapush/routes.ts';
import { registerDataPushRoutes } from './datapush/routes.ts';
import { registerDiagramRoutes } from './diagram/routes.ts';
import type { FaultInjector } from './faults.ts';
import { installAnswerOverrides } from './answer-overrides.ts';
import { requireProcessAuth } from './process/common.ts';
import { registerContentRoutes } from './process/content-routes.ts';
import { registerElementRoutes } from './process/element-routes.ts';
import { registerReleaseRoutes } from './process/release-routes.ts';
import { operationResult, ServiceError } from './process/result.ts';
import { registerReportingRoutes } from './reporting/routes.ts';

interface ServerParts {
  app: FastifyInstance;
  stopJobs(): void;
}

export async function buildServer(
  ctx: EmulatorContext,
  faults: FaultInjector,
  dataPush: DataPushOptions,
  reportingPrefix: string,
  bodyLimit: number,
): Promise<ServerParts> {
  const app = Fastify({ logger: false, bodyLimit, forceCloseConnections: true });
  app.setErrorHandler((error: Error & { statusCode?: number }, req, reply) => {
    if (error instanceof ServiceError)
      return reply.code(error.status).send(operationResult(error.resultType, error.message, 'Dialog'));
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500)
      ctx.logger.error('request failed', { url: req.url, error: error.stack ?? error.message });
    return reply
      .code(status)
      .send(operationResult(status === 500 ? 'Critical' : 'Error', error.message, 'Dialog'));
  });
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send(operationResult('Error', `No route for ${req.method} ${req.url.split('?')[0]}.`)),
  );
  app.addHook('onResponse', async (req, reply) => {
    ctx.logger.info('request', {
      method: req.method,
      url: req.url.split('?')[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    });
  });

  faults.install(app);
  faults.registerControlRoutes(app);
  installAnswerOverrides(app);
  app.get('/_emulator/health', async () => ({ ok: true }));

  await app.register(async (scope) => {
    requireProcessAuth(scope, ctx);
    registerElementRoutes(scope, ctx);
    registerReleaseRoutes(scope, ctx);
    registerContentRoutes(scope, ctx);
    registerDiagramRoutes(scope, ctx);
  });
  await registerBpmnRoutes(app, ctx, bodyLimit);
  await registerReportingRoutes(app, ctx, reportingPrefix);
  const jobs = await registerDataPushRoutes(app, ctx, dataPush);
  return { app, stopJobs: jobs.stop };
}
