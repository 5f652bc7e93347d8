import { safeStorage } from 'electron';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Connection } from '../profiles/connection-fields.ts';
import type { SecretStore } from '../profiles/secret-store.ts';
import { registerSecret } from '../log/redact.ts';

/**
 * Secrets encrypted with Electron safeStorage, one file per profile beside
 * its cache. The file holds ciphertext only; the key stays with the OS.
 */
export class SafeStorageSecretStore implements SecretStore {
  readonly #dataDir: string;

  constructor(dataDir: string) {
    this.#dataDir = dataDir;
  }

  #file(profile: string): string {
    return join(this.#dataDir, 'profiles', profile.replace(/[^\w.-]+/g, '_'), 'secrets.bin');
  }

  load(profile: string): Connection {
    const file = this.#file(profile);
    if (!existsSync(file)) return {};
    const secrets = JSON.parse(safeStorage.decryptString(readFileSync(file))) as Connection;
    for (const value of Object.values(secrets)) registerSecret(value);
    return secrets;
  }

  save(profile: string, secrets: Connection): void {
    const file = this.#file(profile);
    mkdirSync(dirname(file), { recursive: true });
    const merged = { ...this.load(profile), ...secrets };
    writeFileSync(file, safeStorage.encryptString(JSON.stringify(merged)), { mode: 0o600 });
    chmodSync(file, 0o600);
  }

  remove(profile: string): void {
    rmSync(this.#file(profile), { force: true });
  }

  protection(): { available: boolean; backend: string; weak: boolean } {
    const available = safeStorage.isEncryptionAvailable();
    const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : process.platform;
    return { available, backend, weak: !available || backend === 'basic_text' };
  }
}
