/**
 * How element data reads in the UI: names in the content culture, labels from
 * the element-type configuration, states and dates in the UI language.
 */
import { displayName, pickCulture, type CultureText } from '../../shared/domain/culture.ts';
import type { CultureMap, Element } from '../../shared/domain/process.ts';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import { messagesEn, type MessageKey } from '../../shared/i18n/messages-en.ts';
import { t } from '../i18n/locale-controller.ts';
import { formatDateTime } from '../i18n/dates.ts';
import { serviceLabel, typeLabelOf, uiCulture } from './service-labels.ts';

type ElementType = NonNullable<ElementPage['types']>[number];
export type PropertyConfig = ElementType['properties'][number];

/** A translation when the catalog has the key, else the raw value (a state or context the app does not know). */
export function tOr(key: string, fallback: string): string {
  return Object.hasOwn(messagesEn, key) ? t(key as MessageKey) : fallback;
}

export function stateLabel(state: string | null | undefined): string {
  return state ? tOr(`element.state.${state}`, state) : t('element.state.none');
}

/**
 * The element's name: its `name` attribute, else its id. (An element's
 * `displayNames` are its type's names, not its own: service-api.md.)
 */
export function elementName(
  element: { id: string; attributes?: Readonly<Record<string, CultureMap>> },
  culture: number,
): CultureText {
  return displayName(element.attributes?.['name'], culture, element.id);
}

export function typeConfig(types: ElementPage['types'], type: string): ElementType | undefined {
  return types?.find((candidate) => candidate.key === type);
}

/**
 * The type's name in the UI language (service-labels.ts): from the
 * configuration, else from the names the element carries for its type, else
 * the app's name for the service's standard types. (The page brings the
 * configuration of the element's own type only; related elements and shapes
 * have others.)
 */
export function typeLabel(types: ElementPage['types'], type: string, typeNames?: CultureMap): string {
  return typeLabelOf(type, { ...typeNames, ...typeConfig(types, type)?.displayNames });
}

/** A property's name in the UI language; the reports' name for a standard field, else its key in words. */
export function propertyLabel(key: string, property: PropertyConfig | undefined): string {
  return serviceLabel(property?.displayNames, `reports.field.${key}`, key);
}

/** The invariant `version` attribute ("1.2"), if any. */
export function versionOf(element: Pick<Element, 'attributes'>): string | null {
  return pickCulture(element.attributes['version'], 127).text || null;
}

/** Orders "1.10" after "1.9": versions compare part by part as numbers. */
export function compareVersions(a: string | null, b: string | null): number {
  const parts = (v: string | null): number[] => (v ?? '').split('.').map((p) => Number(p) || 0);
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** The open end the service writes for "valid until further notice". */
const OPEN_END_YEAR = 9999;

/**
 * Invariant dates are ISO 8601 without a zone: the service's wall-clock time,
 * shown as such. Unparseable text is shown unchanged rather than hidden.
 */
export function isOpenEnd(value: string): boolean {
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && date.getFullYear() >= OPEN_END_YEAR;
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  if (isOpenEnd(value)) return t('element.openEnd');
  return formatDateTime(date);
}

/** One choice of a SelectionValue property, as the service configures it. */
interface Choice {
  key: string;
  displayNames: CultureMap;
}

function asChoice(raw: unknown): Choice | null {
  if (!raw || typeof raw !== 'object') return null;
  const record = raw as Record<string, unknown>;
  const key = record['key'] ?? record['value'] ?? record['id'];
  if (typeof key !== 'string') return null;
  const names = record['displayNames'];
  return { key, displayNames: names && typeof names === 'object' ? (names as CultureMap) : {} };
}

/**
 * A SelectionValue shows the label of its choice in the UI language (a choice
 * is configuration, like a type); a value the configuration does not list
 * shows as is.
 */
export function choiceLabel(property: PropertyConfig, value: string): string {
  const choice = property.selectableValues.map(asChoice).find((c) => c?.key === value);
  return (choice && pickCulture(choice.displayNames, uiCulture()).text) || value;
}

/** The culture code shown in the fallback marker's tooltip. */
export function fallbackTitle(picked: CultureText): string {
  return t('element.fallbackCulture', { culture: picked.culture ?? '—' });
}

/** A BPMN type in words from the metamodel's name (bpmn:UserTask → "User task"), for types without a translation. */
export function readableType(type: string): string {
  const local = type.includes(':') ? type.slice(type.indexOf(':') + 1) : type;
  const words = local.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A BPMN type as the UI names it: translated where the catalog has it, else in words. */
export function changeTypeLabel(type: string): string {
  return tOr(`compare.type.${type}`, readableType(type));
}
