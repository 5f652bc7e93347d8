import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Connection } from './connection-fields.ts';
import type { SecretStore } from './secret-store.ts';
import { registerSecret } from '../log/redact.ts';
import { writeFileAtomically } from '../base/atomic-write.ts';

/** What encrypts the secrets: Electron safeStorage in the app, a stand-in in unit tests. */
export interface SecretCipher {
  encrypt(plain: string): Uint8Array;
  decrypt(cipher: Buffer): string;
  protection(): { available: boolean; backend: string; weak: boolean };
}

/**
 * A profile's tokens, encrypted, in `secrets.bin` of the profile's own
 * folder. The file holds ciphertext only and is replaced by the one durable
 * write (mode 0600), so a crash while saving leaves the old tokens readable
 * instead of a truncated file that decrypts to nothing.
 */
export class EncryptedSecretFiles implements SecretStore {
  readonly #folderOf: (profile: string) => string;
  readonly #cipher: SecretCipher;

  /** `folderOf` gives the profile's folder; it throws for a profile that does not exist. */
  constructor(folderOf: (profile: string) => string, cipher: SecretCipher) {
    this.#folderOf = folderOf;
    this.#cipher = cipher;
  }

  #file(profile: string): string {
    return join(this.#folderOf(profile), 'secrets.bin');
  }

  load(profile: string): Connection {
    const file = this.#file(profile);
    if (!existsSync(file)) return {};
    const secrets = JSON.parse(this.#cipher.decrypt(readFileSync(file))) as Connection;
    for (const value of Object.values(secrets)) registerSecret(value);
    return secrets;
  }

  save(profile: string, secrets: Connection): void {
    const merged = { ...this.load(profile), ...secrets };
    writeFileAtomically(this.#file(profile), this.#cipher.encrypt(JSON.stringify(merged)), {
      createFolder: true,
    });
  }

  remove(profile: string): void {
    rmSync(this.#file(profile), { force: true });
  }

  protection(): { available: boolean; backend: string; weak: boolean } {
    return this.#cipher.protection();
  }
}
