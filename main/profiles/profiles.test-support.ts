import { profileFromValues } from '../../shared/domain/profiles.ts';
import { ProfileService } from './profile-service.ts';
import type { SecretStore } from './secret-store.ts';

/**
 * A data folder connected as after "Add connection" and "Use": the profile
 * `name`, reaching the service `config` describes (an emulator's), its
 * secrets kept in `secrets`.
 */
export function connectProfile(dataDir: string, secrets: SecretStore, config: object, name = 'Demo'): void {
  const profiles = new ProfileService(dataDir, secrets, () => {});
  profiles.save(profileFromValues(name, config));
  profiles.use(name);
}
