import { html } from 'lit';
import { tOr } from '../base/element-format.ts';
import { t } from '../i18n/locale-controller.ts';
import type { AttributeChange } from './attribute-values.ts';

/** BPMN property names a modeler knows by another word (`compare.attr.*`); the rest as the metamodel names them. */
export function attributeLabel(name: string): string {
  return tOr(`compare.attr.${name}`, name);
}

/** A value in quotes, or "(none)" when the side has none. */
export function quoted(value: string | null): string {
  return value ? t('compare.value.quoted', { value }) : t('compare.value.none');
}

/** "Name: “Check order” → “Verify order”", one line per changed property. */
export function renderValueChanges(values: readonly AttributeChange[]): unknown {
  return html`<span class="diff-values">
    ${values.map(
      (value) =>
        html`<span class="diff-value" data-testid="diff-value" data-attribute=${value.name}
          ><span class="diff-value-name">${attributeLabel(value.name)}:</span>
          <span class="diff-value-before">${quoted(value.before)}</span>
          <span aria-hidden="true">→</span><span class="visually-hidden">${t('compare.value.to')}</span>
          <span class="diff-value-after">${quoted(value.after)}</span></span
        >`,
    )}
  </span>`;
}
