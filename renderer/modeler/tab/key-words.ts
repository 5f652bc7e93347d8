import { t } from '../../i18n/locale-controller.ts';

/**
 * The names of keys in the UI language ("Strg", "Umschalt", "Entf"), as the
 * toolbar's tooltips and the shortcut sheet show them. `withCmd`: Ctrl is
 * written "Ctrl/⌘", for a list that serves macOS too.
 */
export function keyWords(withCmd = false): {
  ctrl: string;
  shift: string;
  keys: Readonly<Record<string, string>>;
} {
  return {
    ctrl: withCmd ? `${t('workbench.key.ctrl')}/⌘` : t('workbench.key.ctrl'),
    shift: t('workbench.key.shift'),
    keys: { Delete: t('workbench.key.delete'), Backspace: t('workbench.key.backspace') },
  };
}
