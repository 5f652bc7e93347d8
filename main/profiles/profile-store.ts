import { chmodSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { writeJsonAtomic } from '../app/json-file.ts';
import { registerSecret } from '../log/redact.ts';
import { LocalError } from '../app/local-error.ts';
import { connectionFields, secretKeys, type Connection, type ConnectionKey } from './connection-fields.ts';

const connectionSchema = z.object(
  Object.fromEntries(connectionFields.map((field) => [field.key, z.string().optional()])) as Record<
    ConnectionKey,
    z.ZodOptional<z.ZodString>
  >,
);
const profileSchema = connectionSchema.extend({ secretsFile: z.string().optional() });
const storeSchema = z.object({
  current: z.string().nullable().default(null),
  profiles: z.record(z.string(), profileSchema).default({}),
});
export type Profile = z.infer<typeof profileSchema>;
type Store = z.infer<typeof storeSchema>;

/**
 * Profiles live in `profiles.json` of the data folder, without secrets. The
 * command line has no OS-protected store of its own (the desktop app uses
 * Electron safeStorage), so secrets come from LANES_* variables or from a
 * secrets file the user names explicitly, which Lanes keeps at mode 0600.
 */
export class ProfileStore {
  readonly #file: string;

  constructor(dataDir: string) {
    this.#file = join(dataDir, 'profiles.json');
  }

  #read(): Store {
    let text: string;
    try {
      text = readFileSync(this.#file, 'utf8');
    } catch {
      return { current: null, profiles: {} };
    }
    const parsed = storeSchema.safeParse(safeJson(text));
    if (!parsed.success) {
      throw new LocalError(
        `The profile file ${this.#file} is damaged.`,
        'Fix or delete it, then add the profiles again.',
      );
    }
    return parsed.data;
  }

  list(): { name: string; current: boolean; profile: Profile }[] {
    const store = this.#read();
    return Object.entries(store.profiles).map(([name, profile]) => ({
      name,
      current: name === store.current,
      profile,
    }));
  }

  get(name: string): Profile {
    const profile = this.#read().profiles[name];
    if (!profile)
      throw new LocalError(`There is no profile named "${name}".`, 'List them with "lanes profile list".');
    return profile;
  }

  current(): string | null {
    return this.#read().current;
  }

  /** Saves a profile; its secrets go only to `secretsFile` (0600), never into profiles.json. */
  save(
    name: string,
    connection: Connection,
    secretsFile: string | undefined,
  ): { storedSecrets: ConnectionKey[] } {
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
      const path = resolve(secretsFile);
      writeJsonAtomic(path, secrets);
      chmodSync(path, 0o600);
      plain.secretsFile = path;
    }
    store.profiles[name] = plain;
    store.current ??= name;
    writeJsonAtomic(this.#file, store);
    return { storedSecrets: secretsFile ? storedSecrets : [] };
  }

  remove(name: string): void {
    const store = this.#read();
    this.get(name);
    delete store.profiles[name];
    if (store.current === name) store.current = Object.keys(store.profiles)[0] ?? null;
    writeJsonAtomic(this.#file, store);
  }

  use(name: string): void {
    const store = this.#read();
    this.get(name);
    store.current = name;
    writeJsonAtomic(this.#file, store);
  }
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
