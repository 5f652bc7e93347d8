/**
 * The names of what the service configures (facets, views, element types,
 * properties, choices) are part of the interface, not of the content: they
 * follow the UI language, whatever the content culture. The service's own
 * name in the UI's culture comes first, then the app's catalogue, then the
 * service's name in another culture, and only then the key in words. A raw
 * key (`itSystems`) is never shown.
 */
import type { CultureMap } from '../../shared/domain/process.ts';
import { pickCulture } from '../../shared/domain/culture.ts';
import { messagesEn, type MessageKey } from '../../shared/i18n/messages-en.ts';
import { t, uiLanguage } from '../i18n/locale-controller.ts';

/** The service culture (LCID) of the UI language. */
export function uiCulture(): number {
  return uiLanguage() === 'de' ? 1031 : 1033;
}

/** A key as words: `itSystems` → "It systems", `orgUnit` → "Org unit". */
export function keyInWords(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * What the UI calls a configured thing: `names` are the service's display
 * names of it, `catalogueKey` the app's message for a standard key.
 */
export function serviceLabel(names: CultureMap | undefined, catalogueKey: string, key: string): string {
  const own = names?.[String(uiCulture())]?.trim();
  if (own) return own;
  if (Object.hasOwn(messagesEn, catalogueKey)) return t(catalogueKey as MessageKey);
  return pickCulture(names, uiCulture()).text || keyInWords(key);
}

export function facetLabel(key: string, names?: CultureMap): string {
  return serviceLabel(names, `service.facet.${key}`, key);
}

export function viewLabel(key: string, names?: CultureMap): string {
  return serviceLabel(names, `service.view.${key}`, key);
}

export function typeLabelOf(key: string, names?: CultureMap): string {
  return serviceLabel(names, `element.type.${key}`, key);
}
