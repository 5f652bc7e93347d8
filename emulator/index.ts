/**
 * `startEmulator(options)`: the service emulator as a library, for tests and
 * for the CLI. Resolves once the server listens; the config holds everything
 * a client needs (the same object the CLI prints as its ready line).
 */
import { randomBytes } from 'node:crypto';
import type { EmulatorConfig, EmulatorContext } from './context.ts';
import type { FaultRule } from './faults.ts';
import { FaultInjector } from './faults.ts';
import { buildServer } from './server.ts';
import type { SeedKind } from './seed/index.ts';
import { applySeed } from './seed/index.ts';
import type { Db } from './store/db.ts';
import { getMeta, openDb, setMeta } from './store/db.ts';
import type { Logger } from './util/logger.ts';
import { createStderrLogger } from './util/logger.ts';

export type { EmulatorConfig } from './context.ts';
export type { FaultRule } from './faults.ts';

export interface EmulatorOptions {
  port?: number;
  host?: string;
  /** SQLite file; in memory when absent. */
  data?: string;
  seed?: SeedKind;
  svgScript?: boolean;
  faults?: FaultRule[];
  faultSeed?: number;
  executeRatePerSecond?: number;
  executeRatePerHour?: number;
  jobStepMs?: number;
  /** Extra data-push prefixes besides `/api/v1/data-push`. */
  dataPushPrefixes?: string[];
  chunkLimitBytes?: number;
  bodyLimitBytes?: number;
  logger?: Logger;
  quiet?: boolean;
}

export interface RunningEmulator {
  config: EmulatorConfig;
  faults: FaultInjector;
  db: Db;
  close(): Promise<void>;
}

const DEFAULT_PREFIXES = [
  '/api/v1/data-push',
  '/integration/api/v1/data-push',
  '/data-ingestion/api/v1/data-push',
];

/** Identifiers and secrets persist in the database, so a `--data` restart keeps working client configs. */
function persisted(db: Db, key: string, make: () => string): string {
  const existing = getMeta(db, key);
  if (existing) return existing;
  const value = make();
  setMeta(db, key, value);
  return value;
}

// Never a leading '-': a token pasted after a command-line flag must not read as another flag.
const secret = (): string => randomBytes(24).toString('base64url').replace(/^-/, 'A');

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const logger = options.logger ?? createStderrLogger(options.quiet ?? true);
  const db = openDb(options.data);
  const actingUserId = applySeed(db, options.seed ?? 'demo');
  const ids = {
    collectionId: persisted(db, 'collectionId', () => 'c1'),
    storageId: persisted(db, 'storageId', () => crypto.randomUUID()),
    tenantId: persisted(db, 'tenantId', () => crypto.randomUUID()),
    authToken: persisted(db, 'authToken', secret),
    bpmnToken: persisted(db, 'bpmnToken', secret),
    reportingApiKey: persisted(db, 'reportingApiKey', secret),
    dataPushKey: persisted(db, 'dataPushKey', secret),
    poolId: persisted(db, 'poolId', () => crypto.randomUUID()),
  };
  const config: EmulatorConfig = { processBaseUrl: '', reportingBaseUrl: '', dataPushBaseUrl: '', ...ids };
  const ctx: EmulatorContext = { db, config, actingUserId, svgScript: options.svgScript ?? true, logger };
  const faults = new FaultInjector(options.faultSeed, options.faults ?? []);
  const reportingPrefix = '/reporting';
  const { app, stopJobs } = await buildServer(
    ctx,
    faults,
    {
      prefixes: [...new Set([...DEFAULT_PREFIXES, ...(options.dataPushPrefixes ?? [])])],
      rateLimits: {
        perSecond: options.executeRatePerSecond ?? 10,
        perHour: options.executeRatePerHour ?? 250,
      },
      stepMs: options.jobStepMs ?? 100,
      chunkLimitBytes: options.chunkLimitBytes ?? 256 * 1024 * 1024,
    },
    reportingPrefix,
    options.bodyLimitBytes ?? 50 * 1024 * 1024,
  );
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  config.processBaseUrl = origin;
  config.reportingBaseUrl = `${origin}${reportingPrefix}`;
  config.dataPushBaseUrl = origin;
  logger.info('emulator listening', { origin });
  let closed = false;
  return {
    config,
    faults,
    db,
    close: async () => {
      if (closed) return;
      closed = true;
      stopJobs();
      await app.close();
      db.close();
    },
  };
}
