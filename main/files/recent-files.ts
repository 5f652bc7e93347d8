import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { z } from 'zod';
import type { RecentFile } from '../../shared/domain/recent-files.ts';
import { readJsonFile, writeJsonAtomic } from '../base/json-file.ts';
import type { Logger } from '../log/logger.ts';

export const RECENT_FILES_LIMIT = 10;

const fileSchema = z.object({
  files: z.array(z.object({ path: z.string().min(1), openedAt: z.string() })),
});

/**
 * Local .bpmn files the user opened or saved, newest first, each once: the
 * editor's start page and File › Open Recent list them. A small JSON file in
 * the data folder. A file listed here was chosen by the user in a dialog (or
 * handed over by the OS), so it may be opened again from the list.
 */
export class RecentFilesStore {
  readonly #file: string;
  readonly #logger: Logger;
  readonly #onChange: (list: RecentFile[]) => void;

  constructor(dataDir: string, logger: Logger, onChange: (list: RecentFile[]) => void = () => {}) {
    this.#file = join(dataDir, 'recent-files.json');
    this.#logger = logger;
    this.#onChange = onChange;
  }

  #load(): { path: string; openedAt: string }[] {
    const data = readJsonFile(this.#file, fileSchema, (reason) =>
      this.#logger.warn(`Recent files are unreadable and start empty: ${reason}`),
    );
    return data?.files ?? [];
  }

  #save(files: { path: string; openedAt: string }[]): RecentFile[] {
    writeJsonAtomic(this.#file, { files });
    const list = this.list();
    this.#onChange(list);
    return list;
  }

  list(): RecentFile[] {
    return this.#load().map((entry) => ({
      ...entry,
      name: basename(entry.path),
      exists: existsSync(entry.path),
    }));
  }

  has(path: string): boolean {
    const absolute = resolve(path);
    return this.#load().some((entry) => entry.path === absolute);
  }

  record(path: string, now = new Date()): RecentFile[] {
    const absolute = resolve(path);
    const others = this.#load().filter((entry) => entry.path !== absolute);
    return this.#save(
      [{ path: absolute, openedAt: now.toISOString() }, ...others].slice(0, RECENT_FILES_LIMIT),
    );
  }

  remove(path: string): RecentFile[] {
    const absolute = resolve(path);
    return this.#save(this.#load().filter((entry) => entry.path !== absolute));
  }

  clear(): RecentFile[] {
    return this.#save([]);
  }
}
