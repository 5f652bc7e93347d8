import { html, nothing } from 'lit';
import type { NotKeptItem } from '../../shared/domain/editor.ts';
import { t } from '../i18n/locale-controller.ts';
import { changeTypeLabel, tOr } from '../base/element-format.ts';

/**
 * What the service did not keep of a published diagram (verified publish),
 * as a person reads it: one summary line grouped by what was lost and of
 * which kind of element ("documentation of 3 × Task, 2 × Lane, condition of
 * 1 × Sequence flow"), and a list whose rows name each item by its text (or
 * its type and the element it belongs to) and select the element.
 */
interface NotKeptGroup {
  property: string | null;
  kind: string;
  count: number;
}

/** Groups in the order they first appear: whole elements, then properties. */
function groupNotKept(items: readonly NotKeptItem[]): NotKeptGroup[] {
  const groups = new Map<string, NotKeptGroup>();
  for (const item of items) {
    const key = `${item.property ?? ''}|${item.kind}`;
    const group = groups.get(key) ?? { property: item.property, kind: item.kind, count: 0 };
    group.count++;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => Number(a.property !== null) - Number(b.property !== null));
}

function propertyLabel(property: string): string {
  if (property.startsWith('attribute:'))
    return t('verify.property.attribute', { name: property.slice('attribute:'.length) });
  return tOr(`verify.property.${property}`, property);
}

export function notKeptSummary(items: readonly NotKeptItem[]): string {
  return groupNotKept(items)
    .map((group) =>
      group.property === null
        ? t('verify.element', { count: group.count, type: changeTypeLabel(group.kind) })
        : t('verify.property', {
            property: propertyLabel(group.property),
            count: group.count,
            type: changeTypeLabel(group.kind),
          }),
    )
    .join(', ');
}

/** An element by its type and what was written on it ("Task “Check order”"), or by its type alone. */
function named(kind: string, name: string | undefined): string {
  const type = changeTypeLabel(kind);
  return name === undefined ? type : t('verify.subject.named', { type, name });
}

/**
 * What a row is about, as a modeller knows it: its text ("Text annotation
 * “Ask finance first”"), else its type and the element it belongs to
 * ("Association of Task “Check order”"); the BPMN id only when neither is
 * known (a list stored before owners were).
 */
export function notKeptSubject(item: NotKeptItem): string {
  if (item.name !== undefined) return named(item.kind, item.name);
  const type = changeTypeLabel(item.kind);
  if (item.owner) {
    const owner = named(item.owner.kind, item.owner.name);
    return t(item.owner.relation === 'from' ? 'verify.subject.from' : 'verify.subject.of', { type, owner });
  }
  return t('verify.subject.unnamed', { type, id: item.id });
}

function rowText(item: NotKeptItem): string {
  const subject = notKeptSubject(item);
  return item.property === null
    ? t('verify.row.element', { subject })
    : t('verify.row.property', { subject, property: propertyLabel(item.property) });
}

/**
 * The list of what was not kept; with `onSelect`, each row is a button that
 * selects its element (rows of elements the diagram no longer has are text).
 */
export function renderNotKeptList(
  items: readonly NotKeptItem[],
  select?: { canSelect(id: string): boolean; onSelect(id: string): void },
): unknown {
  if (items.length === 0) return nothing;
  return html`<ul class="not-kept-list" aria-label=${t('verify.listLabel')} data-testid="not-kept-list">
    ${items.map(
      (item) =>
        html`<li data-id=${item.id} data-property=${item.property ?? ''}>
          ${
            select?.canSelect(item.id)
              ? html`<button
                  type="button"
                  class="not-kept-select"
                  title=${t('verify.select', { name: notKeptSubject(item) })}
                  @click=${() => select.onSelect(item.id)}
                >
                  ${rowText(item)}
                </button>`
              : rowText(item)
          }
        </li>`,
    )}
  </ul>`;
}
