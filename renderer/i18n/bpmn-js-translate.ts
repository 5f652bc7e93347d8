/**
 * bpmn-js in the UI language: diagram-js asks its `translate` service for
 * every text it shows (palette and context pad titles, properties panel
 * labels, the minimap toggle). This module replaces that service with one
 * that looks the English template up in Lanes' catalog for the current
 * language, and tells an open Modeler to redraw those texts when the
 * language changes, so undo history and selection survive the switch.
 */
import type Modeler from 'bpmn-js/lib/Modeler';
import type { UiLanguage } from '../../shared/domain/settings.ts';
import { bpmnJsAidsDe } from '../../shared/i18n/features/bpmn-js-aids.de.ts';
import { bpmnJsAidsEn } from '../../shared/i18n/features/bpmn-js-aids.en.ts';
import { bpmnJsDe } from '../../shared/i18n/features/bpmn-js.de.ts';
import { bpmnJsEn } from '../../shared/i18n/features/bpmn-js.en.ts';
import { bpmnJsPanelDe } from '../../shared/i18n/features/bpmn-js-panel.de.ts';
import { bpmnJsPanelEn } from '../../shared/i18n/features/bpmn-js-panel.en.ts';
import { onUiLanguageChange, uiLanguage } from './locale-controller.ts';

const catalogs: Record<UiLanguage, Readonly<Record<string, string>>> = {
  en: { ...bpmnJsAidsEn, ...bpmnJsPanelEn, ...bpmnJsEn },
  de: { ...bpmnJsAidsDe, ...bpmnJsPanelDe, ...bpmnJsDe },
};

/** diagram-js's contract: the template in the language, `{name}` replaced from `replacements`. */
export function translateBpmnJs(
  language: UiLanguage,
  template: string,
  replacements: Record<string, unknown> = {},
): string {
  const text = Object.hasOwn(catalogs[language], template) ? catalogs[language][template]! : template;
  return text.replace(/{([^}]+)}/g, (whole, key: string) =>
    Object.hasOwn(replacements, key) ? String(replacements[key]) : whole,
  );
}

/** Overrides diagram-js's `translate` (the module's service of the same name). */
export const lanesTranslateModule = {
  translate: [
    'value',
    (template: string, replacements?: Record<string, unknown>) =>
      translateBpmnJs(uiLanguage(), template, replacements),
  ],
};

interface EventBusLike {
  fire(event: string): void;
}

interface LintingLike {
  update(): void;
}

interface MinimapLike {
  isOpen(): boolean;
  open(): void;
  close(): void;
}

/**
 * Redraws bpmn-js's texts in the new language whenever it changes: the
 * palette listens to diagram-js's `i18n.changed`; the properties panel renders
 * again on `providersChanged`; the minimap sets its toggle's title only when
 * opened or closed, so it is put in the state it is in. The context pad and
 * popup menus are built on each opening and need nothing. Returns the
 * unsubscribe (call it before destroying the Modeler).
 */
export function followUiLanguage(modeler: Modeler): () => void {
  return onUiLanguageChange(() => {
    const eventBus = modeler.get<EventBusLike>('eventBus');
    eventBus.fire('i18n.changed');
    eventBus.fire('propertiesPanel.providersChanged');
    // Lint messages are translated when the rules run (lint-messages.ts): run them again.
    modeler.get<LintingLike | null>('linting', false)?.update();
    const minimap = modeler.get<MinimapLike | null>('minimap', false);
    if (minimap?.isOpen()) minimap.open();
    else minimap?.close();
  });
}
