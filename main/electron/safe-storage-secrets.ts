import { safeStorage } from 'electron';
import { EncryptedSecretFiles } from '../profiles/encrypted-secret-files.ts';
import { profileFolder } from '../profiles/profile-store.ts';

/**
 * Secrets encrypted with Electron safeStorage, one file per profile beside
 * its cache. The file holds ciphertext only; the key stays with the OS.
 */
export class SafeStorageSecretStore extends EncryptedSecretFiles {
  constructor(dataDir: string) {
    super((profile) => profileFolder(dataDir, profile), {
      encrypt: (plain) => safeStorage.encryptString(plain),
      decrypt: (cipher) => safeStorage.decryptString(cipher),
      protection: () => {
        const available = safeStorage.isEncryptionAvailable();
        const backend =
          process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : process.platform;
        return { available, backend, weak: !available || backend === 'basic_text' };
      },
    });
  }
}
