import { safeStorage } from 'electron';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LanesError } from '../../shared/ipc/errors.ts';
import { writeFileAtomically } from '../base/atomic-write.ts';
import { EncryptedSecretFiles } from '../profiles/encrypted-secret-files.ts';
import { profileFolder } from '../profiles/profile-store.ts';

/** Asks the user whether tokens may be stored with this weak protection; true: store them. */
export type WeakStorageConsent = (backend: string) => boolean;

/**
 * Secrets encrypted with Electron safeStorage, one file per profile beside
 * its cache. The file holds ciphertext only; the key stays with the OS.
 *
 * On Linux without a keyring Electron falls back to `basic_text`: obfuscation
 * with a fixed key, as good as plain text to anyone who can read the file.
 * Lanes then stores a secret only after the user chose so explicitly (asked
 * once, the answer kept in the data folder for that backend); without the
 * choice, saving fails with a typed error that says what to do. With no
 * protection at all, safeStorage refuses and nothing is written.
 */
export class SafeStorageSecretStore extends EncryptedSecretFiles {
  constructor(dataDir: string, askConsent: WeakStorageConsent) {
    const protection = (): { available: boolean; backend: string; weak: boolean } => {
      const available = safeStorage.isEncryptionAvailable();
      const backend =
        process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : process.platform;
      return { available, backend, weak: !available || backend === 'basic_text' };
    };
    super((profile) => profileFolder(dataDir, profile), {
      encrypt: (plain) => {
        const { available, weak, backend } = protection();
        if (available && weak && !hasWeakStorageConsent(dataDir, backend)) {
          if (!askConsent(backend))
            throw new LanesError({
              code: 'profiles.secretsNotProtected',
              message: `Tokens and keys were not stored: no keyring protects them (${backend}).`,
              params: { backend },
            });
          recordWeakStorageConsent(dataDir, backend);
        }
        return safeStorage.encryptString(plain);
      },
      decrypt: (cipher) => safeStorage.decryptString(cipher),
      protection,
    });
  }
}

const consentFile = (dataDir: string): string => join(dataDir, 'weak-secret-storage-consent.json');

/** Whether the user chose to store secrets with this weak backend. */
function hasWeakStorageConsent(dataDir: string, backend: string): boolean {
  const file = consentFile(dataDir);
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { backend?: unknown }).backend === backend;
  } catch {
    return false;
  }
}

function recordWeakStorageConsent(dataDir: string, backend: string): void {
  writeFileAtomically(consentFile(dataDir), JSON.stringify({ backend, chosenAt: new Date().toISOString() }), {
    createFolder: true,
  });
}
