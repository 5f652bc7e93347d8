import { join } from 'node:path';
import { z } from 'zod';
import { recentSchema, type Recent } from '../../shared/domain/workspace.ts';
import { readJsonFile, writeJsonAtomic } from '../base/json-file.ts';
import type { Logger } from '../log/logger.ts';

export const RECENTS_LIMIT = 20;

const fileSchema = z.object({ profiles: z.record(z.string(), z.array(recentSchema)) });

/**
 * Recently opened elements, per connection profile (another tenant's ids
 * mean nothing here), newest first, each element once. A small JSON file in
 * the data folder: it survives cache resets and needs no migration.
 */
export class RecentsStore {
  readonly #file: string;
  readonly #logger: Logger;

  constructor(dataDir: string, logger: Logger) {
    this.#file = join(dataDir, 'recents.json');
    this.#logger = logger;
  }

  #load(): Record<string, Recent[]> {
    const data = readJsonFile(this.#file, fileSchema, (reason) =>
      this.#logger.warn(`Recently opened elements are unreadable and start empty: ${reason}`),
    );
    return data?.profiles ?? {};
  }

  list(profile: string): Recent[] {
    return this.#load()[profile] ?? [];
  }

  record(profile: string, entry: Omit<Recent, 'openedAt'>, now = new Date()): Recent[] {
    const profiles = this.#load();
    const others = (profiles[profile] ?? []).filter((r) => !(r.facet === entry.facet && r.id === entry.id));
    const list = [{ ...entry, openedAt: now.toISOString() }, ...others].slice(0, RECENTS_LIMIT);
    writeJsonAtomic(this.#file, { profiles: { ...profiles, [profile]: list } });
    return list;
  }
}
