import { HttpClient, type WaitNotice } from '../api/http/http-client.ts';
import { createDispatcher } from '../api/http/dispatcher.ts';
import type { ProcessClient } from '../api/process/process-client.ts';
import type { BpmnClient } from '../api/process/bpmn-client.ts';
import type { ReportingClient } from '../api/reporting/reporting-client.ts';
import type { DataPushClient } from '../api/datapush/datapush-client.ts';
import { ServiceClients, type ServiceInterface } from '../api/service-clients.ts';
import { UsageError } from './cli-error.ts';
import { connectionFields, type Connection } from '../profiles/connection-fields.ts';
import { ProfileStore } from '../profiles/profile-store.ts';
import { resolveConnection } from '../profiles/resolve-connection.ts';
import { english, type Output } from './output.ts';
import type { Dispatcher } from 'undici';
import { openDatabase, type Db } from '../cache/database.ts';
import { migrations } from '../app/cache-schema.ts';
import { cacheFileFor } from '../cache/cache-location.ts';
import { createLogger } from '../log/logger.ts';
import { CacheStore } from '../cache/cache-store.ts';
import { ServiceCachedReader, type CachedReader } from '../cache/cached-reader.ts';
import { OutboxService } from '../sync/outbox-service.ts';
import { termInEnglish } from '../../shared/i18n/translate.ts';

interface GlobalOptions {
  profile?: string;
  json: boolean;
  culture: string;
  debug: boolean;
  flags: Connection;
  /** `--offline`: read commands use only the cache. */
  offline?: boolean;
}

/** What every command gets: output, the resolved connection, and clients built on demand. */
export class CommandContext {
  readonly out: Output;
  readonly profiles: ProfileStore;
  readonly signal: AbortSignal;
  /** Notices for the user that are not results (waits, removed SVG parts). */
  readonly notify: (text: string) => void;
  readonly #options: GlobalOptions;
  readonly #env: NodeJS.ProcessEnv;
  #connection: Connection | undefined;
  #dispatcher: Dispatcher | undefined;
  #http: HttpClient | undefined;
  #services: ServiceClients | undefined;
  #db: Db | undefined;
  #store: CacheStore | undefined;
  #outbox: OutboxService | undefined;
  #reader: CachedReader | undefined;
  readonly #dataDir: string;

  constructor(
    out: Output,
    dataDir: string,
    options: GlobalOptions,
    env: NodeJS.ProcessEnv,
    signal: AbortSignal,
    notify: (text: string) => void,
  ) {
    this.out = out;
    this.notify = notify;
    this.profiles = new ProfileStore(dataDir);
    this.#dataDir = dataDir;
    this.#options = options;
    this.#env = env;
    this.signal = signal;
  }

  get culture(): string {
    return this.#options.culture;
  }

  /** Flags win over LANES_* variables, which win over the profile and its secrets file. */
  connection(): Connection {
    this.#connection ??= resolveConnection(this.profiles, {
      profile: this.#options.profile,
      flags: this.#options.flags,
      env: this.#env,
    }).connection;
    return this.#connection;
  }

  /** A profile that exists but lacks a secret was saved without --secrets-file: adding it again plainly would not help. */
  #howToConfigure(field: (typeof connectionFields)[number]): string {
    const name = this.#options.profile ?? this.profiles.current();
    const profile = name ? this.profiles.list().find((p) => p.name === name)?.profile : undefined;
    if (profile && field.secret && !profile.secretsFile) {
      return (
        `Profile "${name}" keeps no secrets: add it again with "--from-json FILE --secrets-file PATH", ` +
        `or pass --${field.flag}, or set ${field.env}.`
      );
    }
    return `Add a profile ("lanes profile add NAME --from-json FILE --secrets-file PATH"), or pass --${field.flag}, or set ${field.env}.`;
  }

  http(): HttpClient {
    this.#dispatcher ??= createDispatcher(this.#env);
    this.#http ??= new HttpClient({
      dispatcher: this.#dispatcher,
      onWait: (notice) => this.#announceWait(notice),
    });
    return this.#http;
  }

  /** The connection's clients, through the one factory every part of Lanes uses. */
  #clients(): ServiceClients {
    const prefix = this.#env.LANES_DATA_PUSH_PREFIX;
    this.#services ??= new ServiceClients(this.connection(), this.http(), {
      ...(prefix ? { dataPushPathPrefix: prefix } : {}),
    });
    return this.#services;
  }

  /** Refuses before any request when the command's interface lacks a field, saying how to add it. */
  #configured(serviceInterface: ServiceInterface): ServiceClients {
    const clients = this.#clients();
    const missing = clients.missing(serviceInterface);
    if (missing.length > 0) {
      const field = connectionFields.find((f) => f.key === missing[0])!;
      throw new UsageError(`No ${field.key} is configured for this command.`, this.#howToConfigure(field));
    }
    return clients;
  }

  process(): ProcessClient {
    return this.#configured('process').process();
  }

  bpmn(): BpmnClient {
    return this.#configured('bpmn').bpmn();
  }

  reporting(): ReportingClient {
    return this.#configured('reporting').reporting();
  }

  dataPush(): DataPushClient {
    return this.#configured('dataPush').dataPush();
  }

  /** Waits are shown, not hidden: a user who sees nothing for 30 s thinks Lanes hangs. */
  #announceWait(notice: WaitNotice): void {
    const seconds = (notice.waitMs / 1000).toFixed(1);
    const why =
      notice.reason === 'rateLimited'
        ? 'the service asked to wait'
        : notice.reason === 'unavailable'
          ? 'the service is busy'
          : 'the connection failed';
    this.notify(
      `lanes: ${termInEnglish('operation', notice.operation)}: ${why}; trying again in ${seconds} s (attempt ${notice.attempt + 1})\n`,
    );
  }

  /** The profile's cache database, opened (and migrated) on first use. */
  async database(): Promise<Db> {
    if (this.#db) return this.#db;
    const profile = this.#options.profile ?? this.#env.LANES_PROFILE ?? this.profiles.current() ?? undefined;
    const opened = await openDatabase(
      cacheFileFor(this.#dataDir, profile),
      migrations,
      createLogger('cache', (line) => {
        // Routine steps (migrations) stay quiet on the command line; problems are shown.
        if (!line.includes(' INFO ')) this.notify(line + '\n');
      }),
    );
    if (opened.recovery) {
      this.notify(
        english(
          'lanes: the cache was damaged and set aside as {file}; {drafts, plural, =0 {no draft was} one {# draft was} other {# drafts were}} recovered into a fresh cache.\n',
          { file: opened.recovery.damagedFile, drafts: opened.recovery.salvagedDrafts },
        ),
      );
    }
    this.#db = opened.db;
    return this.#db;
  }

  get offline(): boolean {
    return this.#options.offline === true;
  }

  /** The profile's cached service data: one store for the whole run. */
  async cacheStore(): Promise<CacheStore> {
    this.#store ??= new CacheStore(await this.database());
    return this.#store;
  }

  /**
   * The profile's outbox (drafts, queued operations, conflicts) and its
   * sending: one for the whole run, as the app has one per session. What the
   * service answers goes into the cache when the cache is this tenant's.
   */
  async outbox(): Promise<OutboxService> {
    if (this.#outbox) return this.#outbox;
    const store = await this.cacheStore();
    this.#outbox = new OutboxService({
      db: await this.database(),
      clients: () => ({ process: this.process(), bpmn: this.bpmn() }),
      ...(!this.offline && this.#claimCache(store) ? { cache: store } : {}),
      // A command is the user's decision: a clean merge is sent (and reported), not held for review.
      reviewMerges: false,
    });
    return this.#outbox;
  }

  /** Reads through the profile's cache: live when reachable, cached when not or with --offline. */
  async reader(): Promise<CachedReader> {
    if (this.#reader) return this.#reader;
    const store = await this.cacheStore();
    this.#reader = new ServiceCachedReader({
      store,
      cacheable: this.#claimCache(store),
      process: () => this.process(),
      bpmn: () => this.bpmn(),
      reporting: () => this.reporting(),
      offline: this.offline,
    });
    return this.#reader;
  }

  /** The tenant this command talks to, as the cache records it. */
  tenant(): string {
    const c = this.connection();
    return [c.processBaseUrl?.replace(/\/+$/, ''), c.collectionId, c.storageId].join('|');
  }

  /** Offline, the cache is used only if it belongs to the tenant the profile names. */
  #claimCache(store: CacheStore): boolean {
    const recorded = store.tenant();
    if (this.offline) return recorded === undefined || recorded === this.tenant();
    return store.claimTenant(this.tenant());
  }

  async close(): Promise<void> {
    this.#db?.close();
    await this.#dispatcher?.close();
  }
}
