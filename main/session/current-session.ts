import type { Dispatcher } from 'undici';
import { openDatabase, type Db, type Migration } from '../cache/database.ts';
import { cacheFileFor } from '../cache/cache-location.ts';
import { CacheStore } from '../cache/cache-store.ts';
import type { SyncClients } from '../api/sync-clients.ts';
import { createDispatcher } from '../api/http/dispatcher.ts';
import { HttpClient } from '../api/http/http-client.ts';
import { INTERACTIVE_RETRY } from '../api/http/retry-policy.ts';
import { ServiceClients } from '../api/service-clients.ts';
import type { ProcessConnection } from '../api/process/process-requester.ts';
import { ProfileStore } from '../profiles/profile-store.ts';
import { resolveConnection } from '../profiles/resolve-connection.ts';
import { processConnectionOf } from '../profiles/process-connection.ts';
import type { SecretStore } from '../profiles/secret-store.ts';
import { OnlineMonitor } from './online-monitor.ts';
import { SessionReads } from './session-reads.ts';
import type { Logger } from '../log/logger.ts';

/** The connected profile: its cache file, one HTTP pool, the clients and the online state. */
export interface Session {
  profile: string;
  connection: ProcessConnection;
  dbFile: string;
  db: Db;
  store: CacheStore;
  clients: SyncClients;
  /** Every interface of the connection (reporting and data push too), from the one factory. */
  services: ServiceClients;
  dispatcher: Dispatcher;
  monitor: OnlineMonitor;
  /**
   * The session's reads: live when the service answers, from the cache when it does not. One per
   * session, so the landscape, the editor and the reports agree on whether the service is out of reach.
   */
  reads: SessionReads;
}

interface CurrentSessionOptions {
  dataDir: string;
  /** The cache file's schema, every store's tables (main/app/cache-schema.ts): the stores live above the session. */
  migrations: readonly Migration[];
  env: NodeJS.ProcessEnv;
  logger: Logger;
  secrets?: SecretStore;
  /** How long reads stay on the cache after the service was found unavailable (tests shorten it). */
  unavailableGraceMs?: number;
}

/**
 * The current profile's session, opened on first use and shared by sync and
 * the workspace, so both see one cache, one connection pool and one online
 * state. Switching profiles resets it; the next use opens the new one.
 */
export class CurrentSession {
  readonly #options: CurrentSessionOptions;
  readonly #listeners = new Set<() => void>();
  #session: Promise<Session | undefined> | undefined;

  constructor(options: CurrentSessionOptions) {
    this.#options = options;
  }

  /** Called when the session is replaced or its online state changes. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The current profile (as `lanes profile use` set it); undefined means not connected. */
  open(): Promise<Session | undefined> {
    this.#session ??= this.#connect();
    return this.#session;
  }

  async reset(): Promise<void> {
    const previous = this.#session;
    this.#session = undefined;
    await close(await previous?.catch(() => undefined));
    this.#notify();
  }

  async dispose(): Promise<void> {
    await close(await this.#session?.catch(() => undefined));
  }

  #notify(): void {
    for (const listener of this.#listeners) listener();
  }

  async #connect(): Promise<Session | undefined> {
    const profiles = new ProfileStore(this.#options.dataDir);
    const { profile, connection: c } = resolveConnection(profiles, {
      env: this.#options.env,
      ...(this.#options.secrets ? { secrets: this.#options.secrets } : {}),
    });
    const connection = processConnectionOf(c);
    if (!profile || !connection) return undefined;
    const dbFile = cacheFileFor(this.#options.dataDir, profile);
    const { db } = await openDatabase(dbFile, this.#options.migrations, this.#options.logger);
    const store = new CacheStore(db);
    store.claimTenant(
      [connection.baseUrl.replace(/\/+$/, ''), connection.collectionId, connection.storageId].join('|'),
    );
    // The clients feed the monitor and the monitor probes with the clients: tie the knot through a holder.
    const holder: { monitor?: OnlineMonitor } = {};
    const dispatcher = createDispatcher(this.#options.env);
    const services = new ServiceClients(
      c,
      new HttpClient({
        dispatcher,
        retry: INTERACTIVE_RETRY,
        onReachability: (reachable) => holder.monitor?.observe(reachable),
      }),
      { dataPushPathPrefix: this.#options.env.LANES_DATA_PUSH_PREFIX },
    );
    const clients: SyncClients = { http: services.http, process: services.process(), bpmn: services.bpmn() };
    const monitor = (holder.monitor = new OnlineMonitor((signal) => clients.process.listFacets({ signal })));
    monitor.onChange(() => this.#notify());
    const session = {
      profile,
      connection,
      dbFile,
      db,
      store,
      clients,
      services,
      dispatcher,
      monitor,
    } as Session;
    session.reads = new SessionReads(session, this.#options.unavailableGraceMs);
    return session;
  }
}

async function close(session: Session | undefined): Promise<void> {
  session?.monitor.stop();
  session?.db.close();
  await session?.dispatcher.close();
}
