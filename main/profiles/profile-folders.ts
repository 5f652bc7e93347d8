import { createHash, randomUUID } from 'node:crypto';
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Each profile's cache and secrets live in `profiles/<id>/`, where the id is
 * given when the profile is made and never derived from its name. Names are
 * free text, and any mapping of them to file names collides somewhere ("Team
 * A" and "Team_A" under the old `[^\w.-] → _`, "Demo" and "demo" on a
 * case-insensitive disk), which let two tenants share one token and one cache.
 */
export const PROFILE_ID = /^[0-9a-z-]{8,64}$/;

export function newProfileId(): string {
  return randomUUID();
}

export function profileFolderPath(dataDir: string, id: string): string {
  // Ids come from profiles.json, which anyone with the data folder can edit: never let one name a path.
  if (!PROFILE_ID.test(id)) throw new Error(`Not a profile id: ${JSON.stringify(id)}`);
  return join(dataDir, 'profiles', id);
}

/** The folder name the first layout gave a profile (kept only to migrate from it). */
function legacyFolderName(name: string): string {
  return name.replace(/[^\w.-]+/g, '_');
}

/**
 * The id a profile of the first layout receives. Derived from its exact name,
 * so that a migration interrupted after moving folders and before writing
 * profiles.json gives the same ids when it runs again, and finds the folders.
 */
function migratedId(name: string): string {
  return `legacy-${createHash('sha256').update(name, 'utf8').digest('hex').slice(0, 32)}`;
}

/**
 * Gives every profile of the first layout its own id and moves its folder
 * there. A folder two profiles shared (their names mapped to the same file
 * name, ignoring case as some disks do) is given to neither: whose token and
 * cache it holds cannot be known, and handing them to the wrong tenant is the
 * bug this fixes. Those profiles start with an empty cache and ask for their
 * tokens again; the old folder stays where it was.
 */
export function migrateLegacyFolders(dataDir: string, names: readonly string[]): Map<string, string> {
  const sharing = new Map<string, number>();
  for (const name of names) {
    const key = legacyFolderName(name).toLowerCase();
    sharing.set(key, (sharing.get(key) ?? 0) + 1);
  }
  const ids = new Map<string, string>();
  for (const name of names) {
    const id = migratedId(name);
    ids.set(name, id);
    const folder = legacyFolderName(name);
    // "." and ".." were accepted as names once: their "folder" is the data folder itself, never moved.
    if (/^\.*$/.test(folder) || sharing.get(folder.toLowerCase()) !== 1) continue;
    const legacy = join(dataDir, 'profiles', folder);
    const target = profileFolderPath(dataDir, id);
    if (existsSync(legacy) && !existsSync(target)) renameSync(legacy, target);
  }
  return ids;
}
