/**
 * What the printed page says above the diagram: the element's name, state
 * (translated), version and its short attributes in the content culture.
 * Long texts (descriptions) are left to the element page: a header is a
 * few lines, not a report.
 */
import { pickCulture } from '../../shared/domain/culture.ts';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import {
  choiceLabel,
  propertyLabel,
  elementName,
  formatDate,
  stateLabel,
  typeConfig,
  versionOf,
} from '../base/element-format.ts';

export interface PrintHeader {
  name: string;
  /** Translated; null for a local file (it has no release state). */
  state: string | null;
  version: string | null;
  attributes: { label: string; value: string }[];
}

const MAX_ATTRIBUTES = 12;
const MAX_VALUE_LENGTH = 120;
/**
 * Shown in the header's title line already (name, version, and the state:
 * `state1` is the service's coarse copy of it), or not meant for paper.
 */
const LEFT_OUT = new Set(['name', 'version', 'state', 'state1', 'description']);

export function printHeaderOfPage(
  page: Pick<ElementPage, 'element' | 'types'>,
  culture: number,
): PrintHeader {
  const { element } = page;
  const properties = typeConfig(page.types, element.type)?.properties ?? [];
  const attributes = properties
    .filter((property) => !LEFT_OUT.has(property.key) && property.dataType !== 'MultiLineText')
    .flatMap((property) => {
      const value = pickCulture(element.attributes[property.key], culture).text.trim();
      if (!value) return [];
      const shown =
        property.dataType === 'SelectionValue'
          ? choiceLabel(property, value)
          : property.dataType === 'DateTime'
            ? formatDate(value)
            : value;
      const label = propertyLabel(property.key, property);
      const short = shown.length > MAX_VALUE_LENGTH ? `${shown.slice(0, MAX_VALUE_LENGTH - 1)}…` : shown;
      return [{ label, value: short }];
    })
    .slice(0, MAX_ATTRIBUTES);
  return {
    name: elementName(element, culture).text,
    state: stateLabel(element.state ?? null),
    version: versionOf(element),
    attributes,
  };
}

/** A local file: its name and nothing the service would know. */
export function printHeaderOfFile(name: string): PrintHeader {
  return { name, state: null, version: null, attributes: [] };
}
