/**
 * A real HTTP proxy on loopback for the proxy tests: CONNECT tunnels (what
 * undici's ProxyAgent opens) and absolute-form requests (what a forward proxy
 * gets for plain http://), optionally demanding Basic authentication (407).
 * It records every target it was asked for. Loopback only.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface LoopbackProxy {
  /** host:port, as a PAC answer names it ("PROXY 127.0.0.1:1234"). */
  hostPort: string;
  url: string;
  /** "CONNECT host:port" or "GET http://…" per request, in order. */
  seen: string[];
  close(): Promise<void>;
}

export async function startLoopbackProxy(options: { requireAuth?: string } = {}): Promise<LoopbackProxy> {
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const authorized = (header: string | undefined): boolean =>
    !options.requireAuth || header === `Basic ${Buffer.from(options.requireAuth).toString('base64')}`;
  const server: Server = createServer((incoming, outgoing) => {
    seen.push(`${incoming.method} ${incoming.url}`);
    if (!authorized(incoming.headers['proxy-authorization'])) {
      outgoing.writeHead(407, { 'proxy-authenticate': 'Basic realm="stand-in"' }).end();
      return;
    }
    const upstream = httpRequest(
      incoming.url!,
      { method: incoming.method, headers: incoming.headers },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  server.on('connect', (request, client: Socket, head) => {
    seen.push(`CONNECT ${request.url}`);
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    if (!authorized(request.headers['proxy-authorization'])) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="stand-in"\r\n\r\n',
      );
      return;
    }
    const [host, port] = (request.url ?? '').split(':');
    const target = connect(Number(port), host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      target.write(head);
      target.pipe(client);
      client.pipe(target);
    });
    sockets.add(target);
    target.on('close', () => sockets.delete(target));
    target.on('error', () => client.destroy());
    client.on('error', () => target.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    hostPort,
    url: `http://${hostPort}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
