/**
 * The one place the bpmn-js Modeler is configured: properties panel, lint
 * (sliced and guarded), minimap, grid, read-only mode, the modeling aids,
 * landscape links, bpmn-js's texts in the UI language. Each of Lanes' own
 * modules is a feature folder of ../features/ that declares what it builds on. The editor tabs, the fidelity test and the
 * benchmarks all build their Modeler here, so they measure what users get.
 * (Align/distribute, search, copy/paste and keyboard come with bpmn-js 18's
 * Modeler itself; the keyboard is bound to the focused canvas.)
 */
import Modeler from 'bpmn-js/lib/Modeler';
import { BpmnPropertiesPanelModule, BpmnPropertiesProviderModule } from 'bpmn-js-properties-panel';
import minimapModule from 'diagram-js-minimap';
import gridModule from 'diagram-js-grid';
import { lanesTranslateModule } from '../../i18n/bpmn-js-translate.ts';
import { bundledLintConfig, bundledRules } from '../../lint/lint-config.ts';
import { translatedRules } from '../../lint/lint-messages.ts';
import { lintGuardModule } from '../features/lint/lint-guard.ts';
import { modelingAidsModule } from '../features/modeling-aids/modeling-aids.ts';
import { callActivityLinksModule } from '../features/call-activity-links/call-activity-links.ts';
import { readOnlyModule } from '../features/read-only/index.ts';
import { hoverTooltipGuardModule } from '../features/hover-tooltip-guard/hover-tooltip-guard.ts';
import { dragRectCacheModule } from '../features/drag-rect-cache/drag-rect-cache.ts';
import { contextPadPlacementModule } from '../features/context-pad-placement/context-pad-placement.ts';
import { dropRefusalModule } from '../features/drop-refusal/drop-refusal.ts';
import '@bpmn-io/properties-panel/dist/assets/properties-panel.css';
import 'bpmn-js-bpmnlint/dist/assets/css/bpmn-js-bpmnlint.css';
import 'diagram-js-minimap/assets/diagram-js-minimap.css';
// After the panel's own stylesheet: it sets the panel's colour tokens from Lanes' theme.
import './properties-panel-theme.css';

interface LanesModelerOptions {
  /** Where the diagram canvas goes; absent: made detached, placed later with `placeLanesModeler` (a spare). */
  container?: HTMLElement;
  /**
   * The properties panel: where it goes, `'later'` to have one placed later with the canvas (a spare),
   * or absent for none (tests, benchmarks).
   */
  properties?: HTMLElement | 'later';
  /** Start read-only (released process, no permission); switch later with `setReadOnly`. */
  readOnly: boolean;
}

export function createLanesModeler({ container, properties, readOnly }: LanesModelerOptions): Modeler {
  return new Modeler({
    ...(container ? { container } : {}),
    additionalModules: [
      ...(properties ? [BpmnPropertiesPanelModule, BpmnPropertiesProviderModule] : []),
      // bpmnlint, sliced after the edits pause, guarded; each module declares what it builds on (__depends__).
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
      modelingAidsModule,
      callActivityLinksModule,
      // Why a drop was refused, in the UI's size and language (in place of bpmn-js's tooltip in the diagram).
      dropRefusalModule,
      lanesTranslateModule,
    ],
    ...(properties ? { propertiesPanel: properties === 'later' ? {} : { parent: properties } } : {}),
    // Findings in the UI language (lint-messages.ts).
    linting: { bpmnlint: bundledLintConfig(translatedRules(bundledRules)), active: true },
    minimap: { open: false },
    lanesReadOnly: readOnly,
  });
}

/** Puts a Modeler made without a place (`container` absent, `properties: 'later'`) into a tab's canvas and panel. */
export function placeLanesModeler(
  modeler: Modeler,
  container: HTMLElement,
  propertiesParent: HTMLElement,
): void {
  modeler.attachTo(container);
  modeler.get<{ attachTo(parent: HTMLElement): void }>('propertiesPanel').attachTo(propertiesParent);
}

/** Switches read-only mode on a Modeler made by `createLanesModeler`. */
export function setReadOnly(modeler: Modeler, readOnly: boolean): void {
  modeler.get<{ set(readOnly: boolean): void }>('lanesReadOnly').set(readOnly);
}

export function isReadOnly(modeler: Modeler): boolean {
  return modeler.get<{ isReadOnly(): boolean }>('lanesReadOnly').isReadOnly();
}
