import { protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from '../security/sender-policy.ts';
import { loadAsset } from '../protocol/renderer-assets.ts';

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: false } },
  ]);
}

/** Serves the built renderer with the CSP header; nothing outside its folder. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
    const asset = await loadAsset(rendererDir, url.pathname);
    const body = typeof asset.body === 'string' ? asset.body : new Uint8Array(asset.body);
    return new Response(body, { status: asset.status, headers: asset.headers });
  });
}
