import {
  plainFieldNames,
  secretFieldNames,
  type ConnectionTest,
  type ProfileSave,
  type ProfileSummary,
} from '../../shared/domain/profiles.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import { createDispatcher } from '../api/http/dispatcher.ts';
import { HttpClient } from '../api/http/http-client.ts';
import { ServiceClients, type ServiceInterface } from '../api/service-clients.ts';
import type { Connection } from './connection-fields.ts';
import { ProfileStore, readSecretsFile } from './profile-store.ts';
import { resolveConnection } from './resolve-connection.ts';
import type { SecretStore } from './secret-store.ts';

/**
 * Connection profiles for the desktop app: plain fields in profiles.json
 * (shared with the CLI), secrets only in the SecretStore.
 */
export class ProfileService {
  readonly #profiles: ProfileStore;
  readonly #secrets: SecretStore;
  readonly #onCurrentChanged: () => void;

  constructor(dataDir: string, secrets: SecretStore, onCurrentChanged: () => void) {
    this.#profiles = new ProfileStore(dataDir);
    this.#secrets = secrets;
    this.#onCurrentChanged = onCurrentChanged;
  }

  list(): ProfileSummary[] {
    return this.#profiles.list().map(({ name, current, profile }) => {
      const secrets = this.#storedSecrets(name, profile.secretsFile);
      return {
        name,
        current,
        fields: Object.fromEntries(plainFieldNames.filter((k) => profile[k]).map((k) => [k, profile[k]])),
        secretsSet: secretFieldNames.filter((k) => Boolean(secrets[k])),
      };
    });
  }

  /**
   * Blank secrets keep what is stored: the form never shows them, so it cannot
   * send them back. A profile the CLI made with a secrets file moves its
   * secrets into the protected store on its first save here, so none is lost.
   */
  save(request: ProfileSave): ProfileSummary[] {
    const wasCurrent = this.#profiles.current();
    const existing = this.#profiles.list().find((p) => p.name === request.name)?.profile;
    const fromFile = existing?.secretsFile ? this.#storedSecrets(request.name, existing.secretsFile) : {};
    this.#profiles.save(request.name, { ...request.fields }, undefined);
    const entered = {
      ...fromFile,
      ...Object.fromEntries(Object.entries(request.secrets).filter(([, v]) => v)),
    } as Connection;
    if (Object.keys(entered).length > 0) this.#secrets.save(request.name, entered);
    if (wasCurrent === null || wasCurrent === request.name) this.#onCurrentChanged();
    return this.list();
  }

  /** The CLI's secrets file if the profile names one (unreadable counts as empty), else the protected store. */
  #storedSecrets(name: string, secretsFile: string | undefined): Connection {
    if (!secretsFile) return this.#secrets.load(name);
    try {
      return readSecretsFile(secretsFile);
    } catch {
      return {};
    }
  }

  remove(name: string): ProfileSummary[] {
    const wasCurrent = this.#profiles.current() === name;
    // Secrets first: the store finds them through the profile's folder, which is gone once the profile is.
    this.#profiles.get(name);
    this.#secrets.remove(name);
    this.#profiles.remove(name);
    if (wasCurrent) this.#onCurrentChanged();
    return this.list();
  }

  use(name: string): ProfileSummary[] {
    this.#profiles.use(name);
    this.#onCurrentChanged();
    return this.list();
  }

  protection(): ReturnType<SecretStore['protection']> {
    return this.#secrets.protection();
  }

  /** Checks each interface with one cheap call and says precisely what failed. */
  async test(name: string): Promise<ConnectionTest> {
    const { connection: c } = resolveConnection(this.#profiles, {
      profile: name,
      env: {},
      secrets: this.#secrets,
    });
    const dispatcher = createDispatcher(process.env);
    const http = new HttpClient({ dispatcher, retry: { maxAttempts: 2 } });
    const signal = AbortSignal.timeout(15_000);
    const clients = new ServiceClients(c, http);
    const probes: [ServiceInterface, () => Promise<unknown>][] = [
      ['process', () => clients.process().listFacets({ signal })],
      // An unknown id answers 404 with a valid token and 401 with a wrong one.
      ['bpmn', () => clients.bpmn().exportBpmn('00000000-0000-0000-0000-000000000000', 0, { signal })],
      ['reporting', () => clients.reporting().listFacets({ signal })],
      ['dataPush', () => clients.dataPush().listJobs(signal)],
    ];
    try {
      return await Promise.all(
        probes.map(async ([iface, probe]): Promise<ConnectionTest[number]> => {
          if (!clients.has(iface))
            return { interface: iface, ok: false, code: 'notConfigured', message: null, params: {} };
          try {
            await probe();
            return { interface: iface, ok: true, code: null, message: null, params: {} };
          } catch (error) {
            if (iface === 'bpmn' && error instanceof LanesError && error.code === 'api.notFound') {
              return { interface: iface, ok: true, code: null, message: null, params: {} };
            }
            const data =
              error instanceof LanesError
                ? error.toData()
                : { code: 'internal', message: String(error), params: {} as Record<string, string> };
            return {
              interface: iface,
              ok: false,
              code: data.code,
              message: data.message,
              params: data.params,
            };
          }
        }),
      );
    } finally {
      await dispatcher.close();
    }
  }
}
