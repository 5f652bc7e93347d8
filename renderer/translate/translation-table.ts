/**
 * The translation table: one row per text, source and target side by side.
 * Only the rows in view are drawn (a process of thousands of elements has
 * thousands of texts), with spacers above and below so the scroll bar is
 * the whole table's. Texts wrap and the fields grow with them, so a row is
 * as tall as its longest text (the page measures; see row-heights.ts).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { TranslationRow } from '../../shared/domain/translation-rows.ts';
import { changedOnService, rowState } from '../../shared/domain/translation-rows.ts';
import { changeTypeLabel } from '../base/element-format.ts';
import { cssomStyle } from '../base/cssom-style.ts';
import { t } from '../i18n/locale-controller.ts';

/** The least height of a row in pixels (the CSS row height); a row with a longer text is taller. */
export const ROW_HEIGHT = 52;
/** Rows drawn above and below the visible ones, so fast scrolling shows no gaps. */
export const OVERSCAN = 12;

const ICONS: Record<string, string> = {
  'bpmn:Task': 'task',
  'bpmn:UserTask': 'user-task',
  'bpmn:ServiceTask': 'service-task',
  'bpmn:ManualTask': 'manual-task',
  'bpmn:ScriptTask': 'script-task',
  'bpmn:SendTask': 'send-task',
  'bpmn:ReceiveTask': 'receive-task',
  'bpmn:BusinessRuleTask': 'business-rule-task',
  'bpmn:SubProcess': 'subprocess-collapsed',
  'bpmn:AdHocSubProcess': 'ad-hoc-subprocess',
  'bpmn:Transaction': 'transaction',
  'bpmn:CallActivity': 'call-activity',
  'bpmn:StartEvent': 'start-event-none',
  'bpmn:EndEvent': 'end-event-none',
  'bpmn:IntermediateCatchEvent': 'intermediate-event-none',
  'bpmn:IntermediateThrowEvent': 'intermediate-event-none',
  'bpmn:BoundaryEvent': 'intermediate-event-none',
  'bpmn:ExclusiveGateway': 'gateway-xor',
  'bpmn:ParallelGateway': 'gateway-parallel',
  'bpmn:InclusiveGateway': 'gateway-or',
  'bpmn:EventBasedGateway': 'gateway-eventbased',
  'bpmn:ComplexGateway': 'gateway-complex',
  'bpmn:SequenceFlow': 'connection',
  'bpmn:MessageFlow': 'connection-multi',
  'bpmn:Participant': 'participant',
  'bpmn:Lane': 'lane',
  'bpmn:Process': 'subprocess-expanded',
  'bpmn:DataObjectReference': 'data-object',
  'bpmn:DataStoreReference': 'data-store',
  'bpmn:TextAnnotation': 'text-annotation',
  'bpmn:Group': 'group',
};

/** The element a row belongs to, in words: "Task", "Sequence flow · documentation". */
export function elementLabel(row: TranslationRow): string {
  const type = changeTypeLabel(row.type);
  return row.field === 'name' ? type : `${type} · ${t(`translate.field.${row.field}`)}`;
}

interface TableView {
  rows: readonly TranslationRow[];
  first: number;
  last: number;
  /** Pixels of the rows not drawn above `first` and from `last` on. */
  above: number;
  below: number;
  selectedKey: string | null;
  /** Language names as shown, and their BCP 47 tags for `lang` (screen readers, hyphenation). */
  languages: { source: string; target: string; sourceTag: string; targetTag: string };
  label: string;
  onScroll(event: Event): void;
  onSelect(row: TranslationRow): void;
  onInput(row: TranslationRow, text: string): void;
  onKeydown(row: TranslationRow, index: number, event: KeyboardEvent): void;
  onFocus(row: TranslationRow): void;
  onKeepMine(row: TranslationRow): void;
  onTakeTheirs(row: TranslationRow): void;
}

function stateCell(row: TranslationRow): TemplateResult {
  const state = rowState(row);
  const edit = row.edit;
  return html`<span class="translate-state" data-state=${state}>${t(`translate.state.${state}`)}</span>
    ${edit ? html`<span class="translate-edit-state muted">${t(`translate.state.${edit.state}`)}</span>` : nothing}`;
}

function serviceChange(view: TableView, row: TranslationRow): TemplateResult | typeof nothing {
  if (!changedOnService(row)) return nothing;
  return html`<div class="translate-service-change" role="note">
    <span
      >${
        row.server === null
          ? t('translate.removedOnService')
          : t('translate.changedOnService', { text: row.server })
      }</span
    >
    <button type="button" class="link-button" @click=${() => view.onKeepMine(row)}>
      ${t('translate.keepMine')}
    </button>
    <button type="button" class="link-button" @click=${() => view.onTakeTheirs(row)}>
      ${t('translate.takeTheirs')}
    </button>
  </div>`;
}

function targetField(view: TableView, row: TranslationRow, index: number): TemplateResult {
  const element = elementLabel(row);
  const label = row.source
    ? t('translate.targetLabel', { language: view.languages.target, source: row.source })
    : t('translate.targetLabelNoSource', { language: view.languages.target, element });
  const value = row.edit ? row.edit.text : (row.server ?? '');
  // A text area for every text, sized to its content (CSS field-sizing): a long name wraps and shows
  // whole instead of scrolling out of an input. Enter still goes to the next row (workbench-keys.ts).
  return html`<textarea
    class="translate-target"
    rows="1"
    data-field=${row.field}
    lang=${view.languages.targetTag}
    data-key=${row.key}
    aria-label=${label}
    .value=${value}
    @input=${(event: Event) => view.onInput(row, (event.target as HTMLTextAreaElement).value)}
    @keydown=${(event: KeyboardEvent) => view.onKeydown(row, index, event)}
    @focus=${() => view.onFocus(row)}
  ></textarea>`;
}

export function renderTable(view: TableView): TemplateResult {
  const { rows, first, last } = view;
  return html`<div class="translate-table-scroll" @scroll=${view.onScroll}>
    <table
      class="translate-table"
      data-testid="translate-table"
      aria-label=${view.label}
      aria-rowcount=${rows.length + 1}
    >
      <thead>
        <tr aria-rowindex="1">
          <th scope="col" class="translate-col-element">${t('translate.col.element')}</th>
          <th scope="col">${view.languages.source}</th>
          <th scope="col">${view.languages.target}</th>
          <th scope="col" class="translate-col-state">${t('translate.col.state')}</th>
        </tr>
      </thead>
      <tbody>
        <tr class="translate-spacer" aria-hidden="true" ${cssomStyle({ height: `${view.above}px` })}>
          <td colspan="4"></td>
        </tr>
        ${rows.slice(first, last).map((row, i) => {
          const index = first + i;
          const element = elementLabel(row);
          return html`<tr
            aria-rowindex=${index + 2}
            data-key=${row.key}
            data-state=${rowState(row)}
            class=${row.key === view.selectedKey ? 'translate-row selected' : 'translate-row'}
          >
            <td class="translate-col-element">
              <button
                type="button"
                class="translate-element"
                tabindex="-1"
                title=${t('translate.showOnDiagram', { element })}
                @click=${() => view.onSelect(row)}
              >
                <span
                  class="translate-icon bpmn-icon-${ICONS[row.type] ?? 'task-none'}"
                  aria-hidden="true"
                ></span>
                <span class="translate-type">${element}</span>
              </button>
            </td>
            <td class="translate-source" lang=${view.languages.sourceTag}>
              ${row.source ?? html`<span class="muted">${t('translate.noSource')}</span>`}
            </td>
            <td class="translate-target-cell">
              ${targetField(view, row, index)} ${serviceChange(view, row)}
            </td>
            <td class="translate-col-state">${stateCell(row)}</td>
          </tr>`;
        })}
        <tr class="translate-spacer" aria-hidden="true" ${cssomStyle({ height: `${view.below}px` })}>
          <td colspan="4"></td>
        </tr>
      </tbody>
    </table>
  </div>`;
}
