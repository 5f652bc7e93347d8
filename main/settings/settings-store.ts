import { join } from 'node:path';
import { settingsSchema, type Settings, type SettingsPatch } from '../../shared/domain/settings.ts';
import { uiLanguageFromLocale } from '../../shared/i18n/translate.ts';
import type { Logger } from '../log/logger.ts';
import { readJsonFile, writeJsonAtomic } from '../base/json-file.ts';
import { LanesError } from '../../shared/ipc/errors.ts';

export interface SettingsStore {
  get(): Settings;
  update(patch: SettingsPatch): Settings;
  onChange(listener: (settings: Settings) => void): () => void;
}

function defaultSettings(locale: string | undefined): Settings {
  const uiLanguage = uiLanguageFromLocale(locale);
  return { uiLanguage, contentCulture: uiLanguage === 'de' ? 1031 : 1033 };
}

/** User preferences in `settings.json` of the data folder. */
export function createSettingsStore(
  dataDir: string,
  locale: string | undefined,
  logger: Logger,
): SettingsStore {
  const file = join(dataDir, 'settings.json');
  const stored = readJsonFile(file, settingsSchema, (reason) =>
    logger.warn(`Ignoring damaged ${file}, using defaults`, reason),
  );
  let current: Settings = stored ?? defaultSettings(locale);
  const listeners = new Set<(settings: Settings) => void>();

  return {
    get: () => current,
    update(patch) {
      // A patch naming a field without a value ({ uiLanguage: undefined }) passes the partial
      // request schema but would blank the setting: refuse it as the caller's mistake.
      // The workbench merges field by field (and `landscape` per profile): the editor's panel
      // sizes and the landscape's last place are written by different screens.
      const workbench =
        patch.workbench === undefined
          ? current.workbench
          : {
              ...current.workbench,
              ...patch.workbench,
              ...(patch.workbench.landscape
                ? { landscape: { ...current.workbench?.landscape, ...patch.workbench.landscape } }
                : {}),
            };
      const checked = settingsSchema.safeParse({
        ...current,
        ...patch,
        ...(workbench ? { workbench } : {}),
      });
      if (!checked.success) {
        const reason = checked.error.issues
          .map((issue) => `${issue.path.join('.') || '(settings)'}: ${issue.message}`)
          .join('; ');
        throw new LanesError({
          code: 'settings.invalid',
          message: `The settings could not be changed: ${reason}.`,
          params: { reason },
        });
      }
      const next = checked.data;
      // Written before it becomes current: a failed write changes nothing.
      writeJsonAtomic(file, next);
      current = next;
      for (const listener of listeners) listener(current);
      return current;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
