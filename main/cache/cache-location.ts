import { join } from 'node:path';
import { profileFolder } from '../profiles/profile-store.ts';

/**
 * One cache per profile, in the profile's own folder (named by its id, never
 * by its name); connections given only by flags or variables share "default".
 */
export function cacheFileFor(dataDir: string, profile: string | undefined): string {
  return profile
    ? join(profileFolder(dataDir, profile), 'cache.db')
    : join(dataDir, 'profiles', 'default', 'cache.db');
}
