/**
 * A stand-in for Electron's release download, for the tests of the first
 * `npm start`: a zip laid out like Electron's (the executable where
 * node_modules/electron/install.js expects it, plus `version`), whose
 * executable is a tiny script that records how it was started and exits, and
 * a loopback mirror that serves it with its SHASUMS256.txt the way
 * ELECTRON_MIRROR expects (`<mirror><dir>/electron-v<version>-<platform>-<arch>.zip`).
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

/** The executable's path inside the zip, as install.js's getPlatformPath names it. */
export function executableInZip(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  return 'electron';
}

/** The stand-in executable: appends one JSON line {argv, cwd} to $LANES_STAND_IN_ELECTRON_LOG. */
export const STAND_IN_SCRIPT = `#!/bin/sh
# Stand-in Electron for tests: records its arguments and working folder, then exits.
{
  printf '{"cwd":"%s","argv":[' "$PWD"
  first=1
  for arg in "$@"; do
    if [ $first = 1 ]; then first=0; else printf ','; fi
    printf '"%s"' "$arg"
  done
  printf ']}\\n'
} >> "\${LANES_STAND_IN_ELECTRON_LOG:-/dev/null}"
echo "stand-in Electron started"
`;

interface ZipEntry {
  name: string;
  data: Buffer;
  /** Unix mode bits, e.g. 0o100755 for an executable file. */
  mode: number;
}

/** A zip archive with stored (uncompressed) entries and Unix modes, which extract-zip honours. */
export function zipStored(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((entry.mode << 16) >>> 0, 38); // external attributes: the Unix mode
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export function standInElectronZip(version: string, platform: NodeJS.Platform = process.platform): Buffer {
  return zipStored([
    { name: executableInZip(platform), data: Buffer.from(STAND_IN_SCRIPT), mode: 0o100755 },
    { name: 'version', data: Buffer.from(version), mode: 0o100644 },
  ]);
}

export interface StandInMirror {
  /** For ELECTRON_MIRROR (ends with a slash). */
  url: string;
  /** Paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Serves `<dir>/<file>` for the stand-in zip and `<dir>/SHASUMS256.txt` naming its SHA-256. */
export async function startStandInMirror(options: {
  version: string;
  dir: string;
  platform?: NodeJS.Platform;
  arch?: string;
  /** Serve a zip whose checksum does not match (the download must be refused). */
  corrupt?: boolean;
}): Promise<StandInMirror> {
  const platform = options.platform ?? process.platform;
  const file = `electron-v${options.version}-${platform}-${options.arch ?? process.arch}.zip`;
  const zip = standInElectronZip(options.version, platform);
  const sha = createHash('sha256').update(zip).digest('hex');
  const served = options.corrupt ? Buffer.concat([zip, Buffer.from('tampered')]) : zip;
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://mirror').pathname);
    requests.push(path);
    if (path === `/${options.dir}/${file}`) {
      response.writeHead(200, { 'content-type': 'application/zip', 'content-length': served.length });
      response.end(served);
    } else if (path === `/${options.dir}/SHASUMS256.txt`) {
      response.end(`${sha} *${file}\n`);
    } else {
      response.writeHead(404).end('not here');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
