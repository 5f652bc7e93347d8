import { dialog, type BrowserWindow } from 'electron';
import type { UiLanguage } from '../../shared/domain/settings.ts';
import { translate } from '../../shared/i18n/translate.ts';

/**
 * The renderer blocks unloading (beforeunload) while a tab has unsaved
 * changes; closing the window or quitting then asks natively. Leaving loses
 * nothing that was saved, and the recovery slot keeps the rest.
 */
export function askBeforeLeavingUnsaved(window: BrowserWindow, language: () => UiLanguage): void {
  window.webContents.on('will-prevent-unload', (event) => {
    const t = (key: Parameters<typeof translate>[1]): string => translate(language(), key);
    const choice = dialog.showMessageBoxSync(window, {
      type: 'question',
      title: t('quit.unsaved.title'),
      message: t('quit.unsaved.message'),
      detail: t('quit.unsaved.detail'),
      buttons: [t('quit.unsaved.leave'), t('quit.unsaved.stay')],
      defaultId: 1,
      cancelId: 1,
      noLink: true,
    });
    // Preventing the default of this event is what lets the page unload.
    if (choice === 0) event.preventDefault();
  });
}
