import { Agent, Dispatcher, ProxyAgent } from 'undici';

/**
 * How the desktop app finds its proxy: Electron's `session.resolveProxy(url)`,
 * which asks Chromium (PAC scripts, WPAD, the OS settings, and on Linux the
 * proxy variables). It answers in PAC notation: "DIRECT", "PROXY host:port;
 * DIRECT", "HTTPS host:443", "SOCKS5 host:1080"…
 */
export type ProxyResolver = (url: string) => Promise<string>;

/** One way to reach an origin: straight, or through an HTTP(S) proxy at this URL. */
type ProxyRoute = { kind: 'direct' } | { kind: 'proxy'; url: string };

/**
 * The first route of a PAC answer undici can take. SOCKS is skipped (undici
 * speaks HTTP proxies here); an answer with nothing usable goes direct, as
 * Chromium does when every proxy has failed.
 */
export function routeFromPac(answer: string): ProxyRoute {
  for (const entry of answer.split(';')) {
    const [kind, hostPort] = entry.trim().split(/\s+/);
    const type = kind?.toUpperCase();
    if (type === 'DIRECT') return { kind: 'direct' };
    if ((type === 'PROXY' || type === 'HTTP') && hostPort)
      return { kind: 'proxy', url: `http://${hostPort}` };
    if (type === 'HTTPS' && hostPort) return { kind: 'proxy', url: `https://${hostPort}` };
  }
  return { kind: 'direct' };
}

/** How long one origin's answer is kept: a PAC script may change with the network, but not per request. */
const ROUTE_TTL_MS = 5 * 60_000;

interface SystemProxyOptions {
  resolve: ProxyResolver;
  /** Options for every connection (certificates, timeouts, pool sizes). */
  agent: Agent.Options;
  requestTls?: ProxyAgent.Options['requestTls'];
  proxyTls?: ProxyAgent.Options['proxyTls'];
  /** Told when a resolution failed and the origin goes direct. */
  onResolveFailed?: (origin: string, error: unknown) => void;
  now?: () => number;
}

/**
 * A dispatcher that routes each origin the way the system's proxy settings
 * say: the answer for an origin is looked up once (then kept a few minutes),
 * DIRECT goes through a plain Agent, and each proxy gets one ProxyAgent.
 * Everything through a proxy is tunnelled (CONNECT), also plain http://, so
 * the proxy never sees a path or a query, where the service's tokens travel.
 */
export class SystemProxyDispatcher extends Dispatcher {
  readonly #options: SystemProxyOptions;
  readonly #direct: Agent;
  readonly #proxies = new Map<string, ProxyAgent>();
  readonly #routes = new Map<string, { route: Promise<ProxyRoute>; until: number }>();

  constructor(options: SystemProxyOptions) {
    super();
    this.#options = options;
    this.#direct = new Agent(options.agent);
  }

  /** The route for an origin, as this dispatcher will take it. */
  routeFor(origin: string): Promise<ProxyRoute> {
    const now = (this.#options.now ?? Date.now)();
    const known = this.#routes.get(origin);
    if (known && known.until > now) return known.route;
    const route = this.#options.resolve(`${origin}/`).then(routeFromPac, (error: unknown) => {
      this.#options.onResolveFailed?.(origin, error);
      return { kind: 'direct' } as const;
    });
    this.#routes.set(origin, { route, until: now + ROUTE_TTL_MS });
    return route;
  }

  #dispatcherFor(route: ProxyRoute): Dispatcher {
    if (route.kind === 'direct') return this.#direct;
    let agent = this.#proxies.get(route.url);
    if (!agent) {
      agent = new ProxyAgent({
        ...this.#options.agent,
        uri: route.url,
        proxyTunnel: true,
        ...(this.#options.requestTls ? { requestTls: this.#options.requestTls } : {}),
        ...(this.#options.proxyTls ? { proxyTls: this.#options.proxyTls } : {}),
      });
      this.#proxies.set(route.url, agent);
    }
    return agent;
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const origin = new URL(String(options.origin)).origin;
    // The request waits for the answer; undici's handlers allow a dispatch that starts later.
    void this.routeFor(origin).then((route) => this.#dispatcherFor(route).dispatch(options, handler));
    return true;
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    const closed = Promise.all([this.#direct, ...this.#proxies.values()].map((agent) => agent.close())).then(
      () => {},
    );
    if (callback) void closed.then(callback);
    else return closed;
  }

  override destroy(): Promise<void>;
  override destroy(err: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(err: Error | null, callback: () => void): void;
  override destroy(errOrCallback?: Error | null | (() => void), callback?: () => void): Promise<void> | void {
    const err = typeof errOrCallback === 'function' ? null : (errOrCallback ?? null);
    const done = typeof errOrCallback === 'function' ? errOrCallback : callback;
    const destroyed = Promise.all(
      [this.#direct, ...this.#proxies.values()].map((agent) => agent.destroy(err)),
    ).then(() => {});
    if (done) void destroyed.then(done);
    else return destroyed;
  }
}

let systemResolver: ProxyResolver | undefined;

/**
 * Installed once by the Electron shell at start (session.resolveProxy): from
 * then on the app's dispatchers route by the system's proxy settings. The CLI
 * never installs one, so it keeps HTTPS_PROXY, HTTP_PROXY and NO_PROXY.
 */
export function useSystemProxy(resolver: ProxyResolver | undefined): void {
  systemResolver = resolver;
}

export function systemProxyResolver(): ProxyResolver | undefined {
  return systemResolver;
}

/**
 * The system's route to each origin of these URLs, for a worker thread that
 * cannot ask Electron itself; undefined without a system resolver (the CLI).
 */
export async function systemProxyAnswers(
  urls: readonly string[],
): Promise<Record<string, string> | undefined> {
  if (!systemResolver) return undefined;
  const answers: Record<string, string> = {};
  for (const origin of new Set(urls.map((url) => new URL(url).origin)))
    answers[origin] = await systemResolver(`${origin}/`).catch(() => 'DIRECT');
  return answers;
}

/** A resolver answering from routes resolved elsewhere (the workers get their main thread's). */
export function fixedProxyResolver(answers: Readonly<Record<string, string>>): ProxyResolver {
  return (url) => Promise.resolve(answers[new URL(url).origin] ?? 'DIRECT');
}
