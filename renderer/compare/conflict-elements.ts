import { html, nothing } from 'lit';
import type { ConflictElement, ConflictField, ElementFacts } from '../../shared/domain/editor.ts';
import type { MessageKey } from '../../shared/i18n/messages-en.ts';
import { changeTypeLabel } from '../base/element-format.ts';
import { t } from '../i18n/locale-controller.ts';
import { attributeLabel, quoted } from './value-changes.ts';

type Side = 'base' | 'mine' | 'theirs';
const SIDES: readonly Side[] = ['base', 'mine', 'theirs'];

/** The rows a modeler decides on, in the order they read an element. */
const FIELDS: readonly ConflictField[] = ['type', 'name', 'documentation', 'position', 'connections'];
type Field = ConflictField;

function connections(facts: ElementFacts): string {
  const from = facts.from.length > 0 ? facts.from.join(', ') : t('compare.value.nothing');
  const to = facts.to.length > 0 ? facts.to.join(', ') : t('compare.value.nothing');
  return t('conflict.value.connections', { from, to });
}

/** One field of one side as text; null when the side does not have the element. */
function fieldText(facts: ElementFacts | null, field: Field): string | null {
  if (!facts) return null;
  switch (field) {
    case 'type':
      return changeTypeLabel(facts.type);
    case 'name':
      return quoted(facts.name);
    case 'documentation':
      return quoted(facts.documentation);
    case 'position':
      return facts.position ?? t('compare.value.none');
    case 'connections':
      return connections(facts);
  }
}

/**
 * The fields a side changed (main decides what is a change: not a
 * neighbour's rename, rounding or a label bpmn-js re-centred, even where the
 * text differs; all of them when a side added or removed the element).
 */
function changedFields(element: ConflictElement): Field[] {
  const { mine, theirs } = element.changed;
  return FIELDS.filter((field) => mine.includes(field) || theirs.includes(field));
}

/** The name the element goes by: the first of `sides` that names it, else its type and id. */
export function elementTitle(
  element: ConflictElement,
  sides: readonly Side[] = ['mine', 'theirs', 'base'],
): string {
  const facts = sides.map((side) => element[side]).find(Boolean);
  const type = facts ? changeTypeLabel(facts.type) : '';
  const name = sides.map((side) => element[side]?.name).find(Boolean);
  return name ? `${type} ${quoted(name)}` : `${type} (${element.id})`;
}

function cell(element: ConflictElement, side: Side, field: Field): unknown {
  const text = fieldText(element[side], field);
  const changed = side !== 'base' && element.changed[side].includes(field);
  return html`<td data-side=${side} data-field=${field} class=${changed ? 'conflict-cell-changed' : ''}>
    ${text ?? html`<span class="muted">${t(`conflict.value.absent.${side}` as MessageKey)}</span>`}
  </td>`;
}

function otherRow(element: ConflictElement): unknown {
  const { mine, theirs } = element.otherChanges;
  if (mine.length === 0 && theirs.length === 0) return nothing;
  const list = (names: string[]) =>
    names.length > 0 ? names.map(attributeLabel).join(', ') : t('conflict.value.unchanged');
  return html`<tr data-testid="conflict-other">
    <th scope="row">${t('conflict.field.other')}</th>
    <td class="muted">—</td>
    <td data-side="mine" class=${mine.length ? 'conflict-cell-changed' : ''}>${list(mine)}</td>
    <td data-side="theirs" class=${theirs.length ? 'conflict-cell-changed' : ''}>${list(theirs)}</td>
  </tr>`;
}

/** Before, mine and theirs of one element, only the rows that differ; a button shows it in both diagrams. */
function renderConflictElement(element: ConflictElement, onShow: (id: string) => void): unknown {
  const fields = changedFields(element);
  const title = elementTitle(element);
  return html`<article
    class="conflict-element ${element.overlap ? 'conflict-element-both' : ''}"
    data-testid="conflict-element"
    data-element-id=${element.id}
    data-overlap=${element.overlap ? 'true' : 'false'}
  >
    <header>
      <h4>${title}</h4>
      <button type="button" data-testid="conflict-show-element" @click=${() => onShow(element.id)}>
        ${t('conflict.showElement')}
      </button>
    </header>
    <table class="conflict-values">
      <thead>
        <tr>
          <th scope="col"><span class="visually-hidden">${t('conflict.column.field')}</span></th>
          <th scope="col">${t('conflict.column.base')}</th>
          <th scope="col">${t('conflict.column.mine')}</th>
          <th scope="col">${t('conflict.column.theirs')}</th>
        </tr>
      </thead>
      <tbody>
        ${fields.map(
          (field) =>
            html`<tr data-testid="conflict-field" data-field=${field}>
              <th scope="row">${t(`conflict.field.${field}`)}</th>
              ${SIDES.map((side) => cell(element, side, field))}
            </tr>`,
        )}
        ${otherRow(element)}
      </tbody>
    </table>
  </article>`;
}

/**
 * The elements changed on both sides, each as a small table, and the ones
 * only one side changed folded away below them.
 */
export function renderConflictElements(
  elements: readonly ConflictElement[],
  onShow: (id: string) => void,
): unknown {
  const both = elements.filter((element) => element.overlap);
  const oneSide = elements.filter((element) => !element.overlap);
  return html`${
    both.length > 0
      ? html`<section class="conflict-overlaps" aria-labelledby="conflict-overlaps-heading">
          <h3 id="conflict-overlaps-heading">${t('conflict.overlaps', { count: both.length })}</h3>
          <div data-testid="conflict-overlaps">
            ${both.map((element) => renderConflictElement(element, onShow))}
          </div>
        </section>`
      : nothing
  }
  ${
    oneSide.length > 0
      ? html`<details class="conflict-one-side" data-testid="conflict-one-side">
          <summary>${t('conflict.oneSide', { count: oneSide.length })}</summary>
          ${oneSide.map((element) => renderConflictElement(element, onShow))}
        </details>`
      : nothing
  }`;
}

/** One property of one element as a resolution's confirmation names it: before, theirs, mine. */
export interface FieldLoss {
  label: string;
  before: string;
  theirs: string;
  mine: string;
}

const absentText = (side: Side): string => t(`conflict.value.absent.${side}` as MessageKey);

/**
 * What of their change to one element a resolution overwrites: each field they
 * changed (by meaning, as main decided: not a neighbour's rename or a
 * re-centred label) whose value mine does not keep, with its value before,
 * theirs and mine. Keep mine (`merge`) overwrites only the fields I changed
 * too; replacing sends mine whole, so every field they changed goes. Other
 * properties (colours, vendor attributes) are named by attribute.
 */
export function lostFields(element: ConflictElement, resolution: 'merge' | 'replace'): FieldLoss[] {
  const text = (side: Side, field: Field) => fieldText(element[side], field) ?? absentText(side);
  const losses: FieldLoss[] = FIELDS.filter(
    (field) =>
      element.changed.theirs.includes(field) &&
      (resolution === 'replace' || element.changed.mine.includes(field)) &&
      fieldText(element.theirs, field) !== fieldText(element.mine, field),
  ).map((field) => ({
    label: t(`conflict.field.${field}`),
    before: text('base', field),
    theirs: text('theirs', field),
    mine: text('mine', field),
  }));
  const { mine: otherMine, theirs: otherTheirs } = element.otherChanges;
  const other =
    resolution === 'replace' ? otherTheirs : otherTheirs.filter((name) => otherMine.includes(name));
  if (other.length > 0)
    losses.push({
      label: t('conflict.field.other'),
      before: '—',
      theirs: other.map(attributeLabel).join(', '),
      mine:
        element.otherChanges.mine.length > 0
          ? element.otherChanges.mine.map(attributeLabel).join(', ')
          : t('conflict.value.unchanged'),
    });
  return losses;
}
