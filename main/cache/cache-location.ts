import { join } from 'node:path';

/** One cache per profile; connections given only by flags or variables share "default". */
export function cacheFileFor(dataDir: string, profile: string | undefined): string {
  const safe = (profile ?? 'default').replace(/[^\w.-]+/g, '_');
  return join(dataDir, 'profiles', safe, 'cache.db');
}
