/**
 * When and how bpmn-js-bpmnlint lints, for large diagrams. The add-on lints
 * the whole diagram synchronously after every change and then removes and
 * re-creates every finding's overlay; on a 4,000-element diagram that froze
 * the page for most of a second per edit. Here, the add-on's `lint` runs in
 * slices (renderer/lint/sliced-lint.ts: same rules, same findings), its
 * `update` after an edit waits until the edits pause (`LINT_DELAY_MS`), and only the
 * overlays whose findings changed are replaced, a few at a time. The
 * findings, overlays, the lint button and `linting.completed` are the add-on's
 * own, a moment after an edit instead of during it.
 *
 * lint-guard.ts depends on this module (so loads after it): the guard wraps the
 * `lint` set here, so a failing run is still recorded as "lint unavailable".
 */
import lintModule from 'bpmn-js-bpmnlint';
import type EventBus from 'diagram-js/lib/core/EventBus.js';
import type Overlays from 'diagram-js/lib/features/overlays/Overlays.js';
import { slicedLint, timeSlicer, type LintReport, type ModdleNode } from '../../../lint/sliced-lint.ts';

/** Quiet time after the last change before linting starts. */
const LINT_DELAY_MS = 200;
/** Work between two yields to the page: well under the 50 ms a long task starts at. */
const SLICE_MS = 8;
/** Runs again when the model changed during a run, at most this often before answering. */
const MAX_RERUNS = 3;

type Issues = Record<
  string,
  { category?: string; rule?: string; message?: string; actualElementId?: string }[]
>;

interface LintingLike {
  lint(): Promise<LintReport>;
  update(): void;
  isActive(): boolean;
  getLinterConfig(): { config: unknown; resolver: unknown };
  _formatIssues(report: LintReport): Issues;
  _createElementIssues(elementId: string, issues: Issues[string]): void;
  _updateButton(): void;
  _fireComplete(issues: Issues): void;
  _issues: Issues;
  _overlayIds: Record<string, string>;
}

interface BpmnJsLike {
  getDefinitions(): ModdleNode | undefined;
}

/** The overlays drawn for one element's findings, and what they showed. */
interface Shown {
  key: string;
  overlayIds: string[];
}

export class LintScheduler {
  static $inject = ['linting', 'eventBus', 'bpmnjs', 'overlays'];
  readonly #linting: LintingLike;
  readonly #overlays: Overlays;
  /** Grows with every model change: a run that saw it change answers for a mixed state. */
  #changes = 0;
  /** Grows with every requested update: an older update's result is dropped. */
  #generation = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;
  /** The update asked for now follows a change of the diagram. */
  #edited = false;
  /** The update asked for now follows an import. */
  #imported = false;
  readonly #shown = new Map<string, Shown>();
  /** The last update's findings, unformatted (element ids as the rules reported them). */
  lastReport: LintReport = {};

  constructor(linting: LintingLike, eventBus: EventBus, bpmnjs: BpmnJsLike, overlays: Overlays) {
    this.#linting = linting;
    this.#overlays = overlays;
    // Before the add-on's own listener (priority 500), which asks for the update.
    eventBus.on('elements.changed', 2000, () => {
      this.#changes++;
      this.#edited = true;
    });
    eventBus.on('diagram.destroy', () => this.#cancel());
    linting.lint = async () => {
      let report: LintReport = {};
      for (let run = 0; run <= MAX_RERUNS; run++) {
        const definitions = bpmnjs.getDefinitions();
        if (!definitions) return {};
        const before = this.#changes;
        report = await slicedLint(linting.getLinterConfig(), definitions, timeSlicer(SLICE_MS));
        if (this.#changes === before) break;
      }
      return report;
    };
    // Before the add-on's own listener too: the update it asks for follows an import.
    eventBus.on('import.done', 2000, () => {
      this.#imported = true;
    });
    // An edit waits for the edits to pause; a diagram just imported is shown first (lint once the page
    // has painted); anything else (the UI language, lint switched on) lints at once, as the add-on did.
    linting.update = () => {
      const edited = this.#edited;
      const imported = this.#imported;
      this.#edited = false;
      this.#imported = false;
      if (!bpmnjs.getDefinitions()) return;
      this.#cancel();
      const generation = ++this.#generation;
      if (edited) this.#timer = setTimeout(() => void this.#update(generation), LINT_DELAY_MS);
      else if (!imported) void this.#update(generation);
      else
        requestAnimationFrame(() => {
          if (generation === this.#generation)
            this.#timer = setTimeout(() => void this.#update(generation), 0);
        });
    };
  }

  #cancel(): void {
    this.#generation++;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** The add-on's `update`, with overlays replaced only where the findings changed. */
  async #update(generation: number): Promise<void> {
    this.#timer = null;
    if (generation !== this.#generation) return;
    const linting = this.#linting;
    const report = await linting.lint();
    if (generation !== this.#generation) return;
    // `_formatIssues` re-points findings of elements not on the canvas: it gets copies.
    const issues = linting._formatIssues(copyReport(report));
    const pause = timeSlicer(SLICE_MS, () => generation !== this.#generation);
    try {
      await this.#drawOverlays(linting.isActive() ? issues : {}, pause);
    } catch {
      return; // a newer update follows and draws from what is shown now
    }
    this.lastReport = report;
    linting._issues = issues;
    linting._updateButton();
    linting._fireComplete(issues);
  }

  async #drawOverlays(issues: Issues, pause: () => Promise<void>): Promise<void> {
    const wanted = new Map(Object.entries(issues).map(([id, list]) => [id, keyOf(list)]));
    for (const [id, shown] of this.#shown) {
      if (wanted.get(id) === shown.key && this.#stillShown(shown)) continue;
      for (const overlayId of shown.overlayIds) this.#overlays.remove(overlayId);
      this.#shown.delete(id);
    }
    let drawn = 0;
    for (const [id, key] of wanted) {
      if (this.#shown.has(id)) continue;
      const linting = this.#linting;
      delete linting._overlayIds[id];
      delete linting._overlayIds[`${id}_plane`];
      linting._createElementIssues(id, issues[id]!);
      const overlayIds = [linting._overlayIds[id], linting._overlayIds[`${id}_plane`]].filter(
        (overlayId): overlayId is string => typeof overlayId === 'string',
      );
      this.#shown.set(id, { key, overlayIds });
      if (++drawn % 16 === 0) await pause();
    }
  }

  /** The add-on's own clearing (toggle off, a new diagram) and a removed element take overlays away. */
  #stillShown(shown: Shown): boolean {
    return shown.overlayIds.every((overlayId) => this.#overlays.get(overlayId));
  }
}

const keyOf = (list: Issues[string]): string =>
  list
    .map(
      (issue) =>
        `${issue.category}\u0000${issue.rule}\u0000${issue.message}\u0000${issue.actualElementId ?? ''}`,
    )
    .join('\u0001');

const copyReport = (report: LintReport): LintReport =>
  Object.fromEntries(
    Object.entries(report).map(([rule, findings]) => [rule, findings.map((f) => ({ ...f }))]),
  );

export const lintSchedulerModule = {
  // Schedules the 'linting' service that bpmn-js-bpmnlint's module makes.
  __depends__: [lintModule],
  __init__: ['lanesLintScheduler'],
  lanesLintScheduler: ['type', LintScheduler],
};
