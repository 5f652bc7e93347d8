/** The content cultures a text is translated between, as the workbench names them. */
import type { MessageKey } from '../../shared/i18n/messages-en.ts';
import { contentCultures } from '../../shared/domain/languages.ts';
import { t } from '../i18n/locale-controller.ts';

export const TRANSLATE_CULTURES: readonly number[] = [1031, 1033, 3082];

const TAGS: Record<number, string> = { 1031: 'de', 1033: 'en', 3082: 'es' };

/** "German", "Englisch": the culture's language in the UI language. */
export function languageName(culture: number): string {
  return TRANSLATE_CULTURES.includes(culture)
    ? t(`translate.language.${culture}` as MessageKey)
    : String(culture);
}

/** The BCP 47 tag of the culture's language, for `lang` attributes. */
export function languageTag(culture: number): string {
  return TAGS[culture] ?? '';
}

/** The first other culture, the target when none is chosen (German → English, English → German). */
export function otherCulture(culture: number): number {
  return culture === 1031 ? 1033 : culture === 1033 ? 1031 : contentCultures.find((c) => c !== culture)!;
}
