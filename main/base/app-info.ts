import type { AppInfo } from '../../shared/domain/app-info.ts';

export interface RuntimeIdentity {
  name: string;
  version: string;
  transport: AppInfo['transport'];
}

export function collectAppInfo(identity: RuntimeIdentity, dataDir: string): AppInfo {
  const versions = process.versions as NodeJS.ProcessVersions & { electron?: string; chrome?: string };
  return {
    name: identity.name,
    version: identity.version,
    dataDir,
    transport: identity.transport,
    runtime: {
      node: versions.node,
      v8: versions.v8,
      electron: versions.electron ?? null,
      chrome: versions.chrome ?? null,
      platform: process.platform,
      arch: process.arch,
    },
  };
}
