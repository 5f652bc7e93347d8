/**
 * The one place the bpmn-js Modeler is configured: properties panel, lint
 * (guarded, lint-guard.ts),
 * minimap, read-only mode, bpmn-js's texts in the UI language. The editor tabs, the fidelity test and the
 * benchmarks all build their Modeler here, so they measure what users get.
 * (Align/distribute, search, copy/paste and keyboard come with bpmn-js 18's
 * Modeler itself; the keyboard is bound to the focused canvas.)
 */
import Modeler from 'bpmn-js/lib/Modeler';
import { BpmnPropertiesPanelModule, BpmnPropertiesProviderModule } from 'bpmn-js-properties-panel';
import lintModule from 'bpmn-js-bpmnlint';
import minimapModule from 'diagram-js-minimap';
import gridModule from 'diagram-js-grid';
import { lanesTranslateModule } from '../i18n/bpmn-js-translate.ts';
import { bundledLintConfig, bundledRules } from '../lint/lint-config.ts';
import { translatedRules } from '../lint/lint-messages.ts';
import { lintGuardModule } from './lint-guard.ts';
import { lintSchedulerModule } from './lint-scheduler.ts';
import { modelingAidsModules } from './modeling-aids.ts';
import { readOnlyModule } from './read-only/index.ts';
import { hoverTooltipGuardModule } from './hover-tooltip-guard.ts';
import { dragRectCacheModule } from './drag-rect-cache.ts';
import { contextPadPlacementModule } from './context-pad-placement.ts';
import '@bpmn-io/properties-panel/dist/assets/properties-panel.css';
import 'bpmn-js-bpmnlint/dist/assets/css/bpmn-js-bpmnlint.css';
import 'diagram-js-minimap/assets/diagram-js-minimap.css';
// After the panel's own stylesheet: it sets the panel's colour tokens from Lanes' theme.
import './properties-panel-theme.css';

export interface LanesModelerOptions {
  /** Where the diagram canvas goes. */
  container: HTMLElement;
  /** Where the properties panel goes; none: no panel (tests, benchmarks). */
  propertiesParent?: HTMLElement;
  /** Start read-only (released process, no permission); switch later with `setReadOnly`. */
  readOnly: boolean;
}

export function createLanesModeler({ container, propertiesParent, readOnly }: LanesModelerOptions): Modeler {
  return new Modeler({
    container,
    additionalModules: [
      ...(propertiesParent ? [BpmnPropertiesPanelModule, BpmnPropertiesProviderModule] : []),
      lintModule,
      // Lints in slices, after the edits pause (lint-scheduler.ts); before the guard, which wraps it.
      lintSchedulerModule,
      // After the lint module: it wraps the 'linting' service that module makes.
      lintGuardModule,
      minimapModule,
      // The dotted grid behind the diagram; shown or hidden by DiagramSession.setGrid (settings: workbench.grid).
      gridModule,
      readOnlyModule,
      hoverTooltipGuardModule,
      // Auto-scroll measures the canvas once per drag, not on every mouse move.
      dragRectCacheModule,
      // The context pad re-anchored when the editor is shown again, and never cut at the canvas's edge.
      contextPadPlacementModule,
      ...modelingAidsModules,
      lanesTranslateModule,
    ],
    ...(propertiesParent ? { propertiesPanel: { parent: propertiesParent } } : {}),
    // Findings in the UI language (lint-messages.ts).
    linting: { bpmnlint: bundledLintConfig(translatedRules(bundledRules)), active: true },
    minimap: { open: false },
    lanesReadOnly: readOnly,
  });
}

/** Switches read-only mode on a Modeler made by `createLanesModeler`. */
export function setReadOnly(modeler: Modeler, readOnly: boolean): void {
  modeler.get<{ set(readOnly: boolean): void }>('lanesReadOnly').set(readOnly);
}

export function isReadOnly(modeler: Modeler): boolean {
  return modeler.get<{ isReadOnly(): boolean }>('lanesReadOnly').isReadOnly();
}
