import { extname, normalize, resolve, sep } from 'node:path';
import { readFile } from 'node:fs/promises';
import { RENDERER_SECURITY_HEADERS } from '../security/csp.ts';

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.json': 'application/json',
  '.map': 'application/json',
};

interface AssetResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

/**
 * Maps a request path to a file inside the renderer folder, refusing anything
 * that escapes it. Used by the Electron protocol handler and the test
 * harness's HTTP server alike, so both serve the same files with the same CSP.
 */
export function resolveAssetPath(rootDir: string, requestPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath.split('?')[0]!.split('#')[0]!);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = normalize(decoded === '/' || decoded === '' ? '/index.html' : decoded).replace(
    /^[/\\]+/,
    '',
  );
  const root = resolve(rootDir);
  const full = resolve(root, relative);
  return full.startsWith(root + sep) ? full : undefined;
}

export async function loadAsset(rootDir: string, requestPath: string): Promise<AssetResponse> {
  const file = resolveAssetPath(rootDir, requestPath);
  const type = file ? MIME_TYPES[extname(file).toLowerCase()] : undefined;
  if (!file || !type) return notFound();
  try {
    const body = await readFile(file);
    return { status: 200, headers: { ...RENDERER_SECURITY_HEADERS, 'Content-Type': type }, body };
  } catch {
    return notFound();
  }
}

function notFound(): AssetResponse {
  return {
    status: 404,
    headers: { ...RENDERER_SECURITY_HEADERS, 'Content-Type': 'text/plain' },
    body: 'Not found',
  };
}
