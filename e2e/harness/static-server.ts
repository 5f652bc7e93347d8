import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadAsset } from '../../main/protocol/renderer-assets.ts';

/**
 * Serves the built renderer over loopback HTTP exactly as the Electron app
 * protocol does: same files, same CSP header, same path checks. `mounts`
 * adds folders under a path prefix (e.g. a benchmark's own bundle at
 * `/bench/`), served the same way, so the page's CSP lets them load.
 */
export async function serveRendererOverHttp(
  rendererDir: string,
  mounts: Record<string, string> = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET') {
      response.writeHead(405).end();
      return;
    }
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const mount = Object.keys(mounts).find((prefix) => path.startsWith(prefix));
    const [dir, rest] = mount ? [mounts[mount]!, path.slice(mount.length - 1)] : [rendererDir, path];
    loadAsset(dir, rest).then(
      (asset) => response.writeHead(asset.status, asset.headers).end(asset.body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/index.html`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
