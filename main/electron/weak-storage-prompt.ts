import { dialog, type BrowserWindow } from 'electron';
import type { UiLanguage } from '../../shared/domain/settings.ts';
import { translate } from '../../shared/i18n/translate.ts';
import type { WeakStorageConsent } from './safe-storage-secrets.ts';

/**
 * The explicit choice before a token is stored without a keyring: a native
 * question whose default is not to store it.
 */
export function askWeakStorageConsent(
  getWindow: () => BrowserWindow | undefined,
  language: () => UiLanguage,
): WeakStorageConsent {
  return (backend) => {
    const t = (key: Parameters<typeof translate>[1]): string => translate(language(), key, { backend });
    const options: Electron.MessageBoxSyncOptions = {
      type: 'warning',
      title: t('desktop.secrets.weak.title'),
      message: t('desktop.secrets.weak.message'),
      detail: t('desktop.secrets.weak.detail'),
      buttons: [t('desktop.secrets.weak.store'), t('desktop.secrets.weak.cancel')],
      defaultId: 1,
      cancelId: 1,
      noLink: true,
    };
    const window = getWindow();
    const choice = window ? dialog.showMessageBoxSync(window, options) : dialog.showMessageBoxSync(options);
    return choice === 0;
  };
}
