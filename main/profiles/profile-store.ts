import { readFileSync, statSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import { z } from 'zod';
import { profileNameProblem } from '../../shared/domain/profiles.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import { writeJsonAtomic } from '../base/json-file.ts';
import { registerSecret } from '../log/redact.ts';
import { LocalError } from '../base/local-error.ts';
import { connectionFields, secretKeys, type Connection, type ConnectionKey } from './connection-fields.ts';
import { migrateLegacyFolders, newProfileId, PROFILE_ID, profileFolderPath } from './profile-folders.ts';
import { checkConnectionUrls } from './connection-urls.ts';

const connectionSchema = z.object(
  Object.fromEntries(connectionFields.map((field) => [field.key, z.string().optional()])) as Record<
    ConnectionKey,
    z.ZodOptional<z.ZodString>
  >,
);
const profileSchema = connectionSchema.extend({ secretsFile: z.string().optional() });
/** The second layout: a list (never an object keyed by name, whose keys could be "__proto__"). */
const storeSchema = z.object({
  version: z.literal(2),
  current: z.string().nullable(),
  profiles: z.array(profileSchema.extend({ id: z.string().regex(PROFILE_ID), name: z.string() })),
});
export type Profile = z.infer<typeof profileSchema>;
interface StoredProfile {
  id: string;
  profile: Profile;
}
interface Store {
  current: string | null;
  /** By name, in the order they were added. A Map: a name is only ever data, never a property. */
  profiles: Map<string, StoredProfile>;
}

/**
 * Profiles live in `profiles.json` of the data folder, without secrets. The
 * command line has no OS-protected store of its own (the desktop app uses
 * Electron safeStorage), so secrets come from LANES_* variables or from a
 * secrets file the user names explicitly, which Lanes keeps at mode 0600.
 * Each profile has its own folder named by an id (see profile-folders.ts).
 */
export class ProfileStore {
  readonly #dataDir: string;
  readonly #file: string;

  constructor(dataDir: string) {
    this.#dataDir = dataDir;
    this.#file = join(dataDir, 'profiles.json');
  }

  #read(): Store {
    let text: string;
    try {
      text = readFileSync(this.#file, 'utf8');
    } catch {
      return { current: null, profiles: new Map() };
    }
    const json = safeJson(text);
    const parsed = storeSchema.safeParse(json);
    if (parsed.success) {
      const profiles = new Map<string, StoredProfile>();
      for (const { id, name, ...profile } of parsed.data.profiles) profiles.set(name, { id, profile });
      return { current: parsed.data.current, profiles };
    }
    const legacy = readLegacy(json);
    if (!legacy) {
      throw new LanesError({
        code: 'storage.readFailed',
        message: `The profile file ${this.#file} is damaged. Fix or delete it, then add the profiles again.`,
        params: { path: this.#file },
      });
    }
    const ids = migrateLegacyFolders(this.#dataDir, [...legacy.profiles.keys()]);
    const store: Store = {
      current: legacy.current,
      profiles: new Map(
        [...legacy.profiles].map(([name, profile]) => [name, { id: ids.get(name)!, profile }]),
      ),
    };
    this.#write(store);
    return store;
  }

  #write(store: Store): void {
    writeJsonAtomic(this.#file, {
      version: 2,
      current: store.current,
      profiles: [...store.profiles].map(([name, { id, profile }]) => ({ id, name, ...profile })),
    });
  }

  #find(store: Store, name: string): StoredProfile {
    const found = store.profiles.get(name);
    if (!found) {
      throw new LanesError({
        code: 'profiles.notFound',
        message: `There is no profile named "${name.slice(0, 80)}".`,
        params: { name: name.slice(0, 80) },
      });
    }
    return found;
  }

  list(): { name: string; current: boolean; profile: Profile }[] {
    const store = this.#read();
    return [...store.profiles].map(([name, { profile }]) => ({
      name,
      current: name === store.current,
      profile,
    }));
  }

  get(name: string): Profile {
    return this.#find(this.#read(), name).profile;
  }

  /** The profile's own folder (cache, secrets); throws `profiles.notFound` for an unknown name. */
  folderOf(name: string): string {
    return profileFolderPath(this.#dataDir, this.#find(this.#read(), name).id);
  }

  current(): string | null {
    const store = this.#read();
    return store.current !== null && store.profiles.has(store.current) ? store.current : null;
  }

  /** Saves a profile; its secrets go only to `secretsFile` (0600), never into profiles.json. */
  save(
    name: string,
    connection: Connection,
    secretsFile: string | undefined,
  ): { storedSecrets: ConnectionKey[] } {
    const problem = profileNameProblem(name);
    if (problem) {
      throw new LanesError({
        code: 'profiles.invalidName',
        message: `"${name.slice(0, 80)}" cannot name a profile: ${problem}.`,
        params: { name: name.slice(0, 80), reason: problem },
      });
    }
    checkConnectionUrls(connection);
    const store = this.#read();
    const plain: Profile = {};
    const secrets: Connection = {};
    for (const field of connectionFields) {
      const value = connection[field.key];
      if (value === undefined) continue;
      if (field.secret) secrets[field.key] = value;
      else plain[field.key] = value;
    }
    const storedSecrets = Object.keys(secrets) as ConnectionKey[];
    if (secretsFile && storedSecrets.length > 0) {
      const path = resolvePath(secretsFile);
      writeJsonAtomic(path, secrets);
      plain.secretsFile = path;
    }
    store.profiles.set(name, { id: store.profiles.get(name)?.id ?? newProfileId(), profile: plain });
    store.current ??= name;
    this.#write(store);
    return { storedSecrets: secretsFile ? storedSecrets : [] };
  }

  remove(name: string): void {
    const store = this.#read();
    this.#find(store, name);
    store.profiles.delete(name);
    if (store.current === name) store.current = store.profiles.keys().next().value ?? null;
    this.#write(store);
  }

  use(name: string): void {
    const store = this.#read();
    this.#find(store, name);
    store.current = name;
    this.#write(store);
  }
}

/** The folder of a profile by name (for the secret store and the cache). */
export function profileFolder(dataDir: string, name: string): string {
  return new ProfileStore(dataDir).folderOf(name);
}

/**
 * The first layout: `{ current, profiles: { [name]: profile } }`. Read entry
 * by entry from the parsed JSON, so that a key such as "__proto__" stays a name.
 */
function readLegacy(json: unknown): { current: string | null; profiles: Map<string, Profile> } | undefined {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const { current, profiles } = json as { current?: unknown; profiles?: unknown };
  if (current !== undefined && current !== null && typeof current !== 'string') return undefined;
  if (
    profiles !== undefined &&
    (typeof profiles !== 'object' || profiles === null || Array.isArray(profiles))
  )
    return undefined;
  const result = new Map<string, Profile>();
  for (const [name, value] of Object.entries(profiles ?? {})) {
    const parsed = profileSchema.safeParse(value);
    if (!parsed.success) return undefined;
    result.set(name, parsed.data);
  }
  return { current: current ?? null, profiles: result };
}

/** Reads a secrets file, refusing one that others may read. */
export function readSecretsFile(path: string): Connection {
  let text: string;
  try {
    if ((statSync(path).mode & 0o077) !== 0 && process.platform !== 'win32') {
      throw new LocalError(`The secrets file ${path} can be read by other users.`, `Run: chmod 600 ${path}`);
    }
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof LocalError) throw error;
    throw new LocalError(
      `The secrets file ${path} cannot be read.`,
      'Check the path in "lanes profile show".',
    );
  }
  const parsed = connectionSchema.safeParse(safeJson(text));
  if (!parsed.success) throw new LocalError(`The secrets file ${path} is damaged.`, 'Add the profile again.');
  for (const key of secretKeys) registerSecret(parsed.data[key]);
  return parsed.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
