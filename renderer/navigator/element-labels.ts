/**
 * The words a row shows besides its name: the release state, the element
 * type and the culture marker when a name came from another culture.
 */
import { displayName, type CultureText } from '../../shared/domain/culture.ts';
import type { CultureMap } from '../../shared/domain/process.ts';
import type { MessageKey } from '../../shared/i18n/translate.ts';
import { t } from '../i18n/locale-controller.ts';
import { typeNameKey } from './type-icons.ts';
import { releaseStates } from '../../shared/domain/release-states.ts';

export { releaseStates };

/** A state this client knows gets its translated name; an unknown one is shown as the service sent it. */
export function stateLabel(state: string): string {
  return (releaseStates as readonly string[]).includes(state)
    ? t(`navigator.state.${state}` as MessageKey)
    : state;
}

export function typeLabel(type: string): string {
  const key = typeNameKey(type);
  return key ? t(key) : type;
}

function cultureName(culture: string): string {
  return ['1031', '1033', '3082', '127'].includes(culture)
    ? t(`navigator.cultureName.${culture}` as MessageKey)
    : culture;
}

/** A short tag for the culture a fallback name came from ("EN"), or "ID" when no name exists. */
export function cultureTag(culture: string | null): string {
  const tags: Record<string, string> = { '1031': 'DE', '1033': 'EN', '3082': 'ES' };
  return culture === null ? 'ID' : (tags[culture] ?? culture);
}

interface ShownName extends CultureText {
  /** Set when the name is a fallback: why, for the tooltip and screen readers. */
  fallbackNote: string | null;
}

export function shownName(map: CultureMap, culture: number, id: string): ShownName {
  const picked = displayName(map, culture, id);
  if (!picked.isFallback) return { ...picked, fallbackNote: null };
  const note =
    picked.culture === null
      ? t('navigator.fallbackId')
      : t('navigator.fallback', { wanted: cultureName(String(culture)), shown: cultureName(picked.culture) });
  return { ...picked, fallbackNote: note };
}
