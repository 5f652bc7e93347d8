import { collectAppInfo, type RuntimeIdentity } from '../app/app-info.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import type { SyncService } from '../sync/sync-service.ts';
import type { ProfileService } from '../profiles/profile-service.ts';
import type { HandlerTable } from './handler-table.ts';

export interface HandlerServices {
  identity: RuntimeIdentity;
  dataDir: string;
  settings: SettingsStore;
  sync: SyncService;
  profiles: ProfileService;
}

/** The one table of request handlers; Electron and the test harness both register exactly this. */
export function createHandlerTable(services: HandlerServices): HandlerTable {
  return {
    'app.info': () => collectAppInfo(services.identity, services.dataDir),
    'settings.get': () => services.settings.get(),
    'settings.update': (patch) => services.settings.update(patch),
    'sync.status': () => services.sync.status(),
    'sync.run': (request) => services.sync.run(request),
    'profiles.list': () => services.profiles.list(),
    'profiles.save': (request) => services.profiles.save(request),
    'profiles.remove': ({ name }) => services.profiles.remove(name),
    'profiles.use': ({ name }) => services.profiles.use(name),
    'profiles.test': ({ name }) => services.profiles.test(name),
    'profiles.protection': () => services.profiles.protection(),
  };
}
