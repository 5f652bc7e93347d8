import { getCACertificates } from 'node:tls';
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';
import { SystemProxyDispatcher, systemProxyResolver, type ProxyResolver } from './system-proxy.ts';

const TIMEOUTS = {
  connectMs: 10_000,
  headersMs: 60_000,
  bodyMs: 120_000,
  keepAliveMs: 30_000,
} as const;

/**
 * Node's bundled CAs plus the operating system's, so that corporate TLS
 * inspection (a company root in the OS store) works without extra setup.
 */
export function trustedCertificates(): string[] {
  let system: string[] = [];
  try {
    system = getCACertificates('system');
  } catch {
    // Some platforms cannot enumerate the system store; the bundled set still applies.
  }
  return [...new Set([...getCACertificates('default'), ...system])];
}

function proxyConfigured(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy);
}

/**
 * One dispatcher for all service calls. undici's Agent keeps one keep-alive
 * Pool per origin, so the process, reporting and data-push hosts each get
 * their own pool. With HTTPS_PROXY/HTTP_PROXY set (and NO_PROXY honoured),
 * connections go through that proxy: an explicit setting wins. Otherwise, in
 * the desktop app, each origin goes the way the system's proxy settings say
 * (PAC, WPAD, OS settings: `resolveProxy`, installed by the Electron shell
 * through useSystemProxy); the CLI has no such resolver and goes direct.
 */
export function createDispatcher(
  env: NodeJS.ProcessEnv = process.env,
  resolveProxy: ProxyResolver | undefined = systemProxyResolver(),
): Dispatcher {
  const ca = trustedCertificates();
  const common = {
    connect: { ca, timeout: TIMEOUTS.connectMs },
    headersTimeout: TIMEOUTS.headersMs,
    bodyTimeout: TIMEOUTS.bodyMs,
    keepAliveTimeout: TIMEOUTS.keepAliveMs,
    connections: 8,
  };
  if (proxyConfigured(env)) {
    const httpProxy = env.HTTP_PROXY ?? env.http_proxy;
    const httpsProxy = env.HTTPS_PROXY ?? env.https_proxy ?? httpProxy;
    const noProxy = env.NO_PROXY ?? env.no_proxy;
    return new EnvHttpProxyAgent({
      ...common,
      ...(httpProxy ? { httpProxy } : {}),
      ...(httpsProxy ? { httpsProxy } : {}),
      // Passed explicitly: the agent would otherwise read process.env, not the environment given here.
      noProxy: noProxy ?? '',
      requestTls: { ca },
      proxyTls: { ca },
    });
  }
  if (resolveProxy)
    return new SystemProxyDispatcher({
      resolve: resolveProxy,
      agent: common,
      requestTls: { ca },
      proxyTls: { ca },
    });
  return new Agent(common);
}
