import type { Connection } from './connection-fields.ts';

/**
 * Where the desktop app keeps a profile's tokens and keys. The Electron shell
 * provides one backed by `safeStorage` (the OS keychain, DPAPI or libsecret);
 * nothing else in Lanes writes secrets anywhere.
 */
export interface SecretStore {
  load(profile: string): Connection;
  save(profile: string, secrets: Connection): void;
  remove(profile: string): void;
  /** Whether secrets are really protected; on Linux without a keyring Electron falls back to plain text. */
  protection(): { available: boolean; backend: string; weak: boolean };
}

/**
 * For the Chromium test harness, which has no Electron: secrets live in this
 * process's memory only and are gone when it ends. Never used by the app.
 */
export class MemorySecretStore implements SecretStore {
  readonly #secrets = new Map<string, Connection>();
  readonly #protection: { available: boolean; backend: string; weak: boolean };

  /** `protection` lets a test play a system without a keyring (Linux `basic_text`). */
  constructor(protection?: { available: boolean; backend: string; weak: boolean }) {
    this.#protection = protection ?? { available: true, backend: 'memory (test harness)', weak: false };
  }

  load(profile: string): Connection {
    return { ...this.#secrets.get(profile) };
  }

  save(profile: string, secrets: Connection): void {
    this.#secrets.set(profile, { ...this.#secrets.get(profile), ...secrets });
  }

  remove(profile: string): void {
    this.#secrets.delete(profile);
  }

  protection(): { available: boolean; backend: string; weak: boolean } {
    return { ...this.#protection };
  }
}
