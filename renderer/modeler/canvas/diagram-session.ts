/**
 * One diagram in one tab: the Modeler, what it was last saved as, and the
 * recovery timer. The tab element renders around it and decides where XML
 * goes (draft, file, recovery slot).
 */
import type Modeler from 'bpmn-js/lib/Modeler';
import { t } from '../../i18n/locale-controller.ts';
import { autoLayoutLimit, generateLayout, layoutNeed, type ModdleElement } from './auto-layout.ts';
import { diagramBounds } from './diagram-bounds.ts';
import { followUiLanguage } from '../../i18n/bpmn-js-translate.ts';
import { createLanesModeler, isReadOnly, placeLanesModeler, setReadOnly } from './create-modeler.ts';
import { takeSpareModeler } from './spare-modeler.ts';
import { DirtyTracker, type StackTrigger } from './dirty-tracker.ts';
import { toImportWarnings, type ImportWarning } from './import-warnings.ts';
import type { LintGuard } from '../features/lint/lint-guard.ts';
import type { LintScheduler } from '../features/lint/lint-scheduler.ts';
import type { LintReport } from '../../lint/sliced-lint.ts';
import { bpmnElementLabel, type BpmnBusinessObject } from './bpmn-element-label.ts';
import { crashedRules, toProblems, type Problem } from './lint-problems.ts';
import {
  beyondView,
  uncovered,
  viewFor,
  wholeZoom,
  type CanvasView,
  type Covered,
  type FitMode,
} from './open-view.ts';
import { RecoveryTimer } from './recovery-timer.ts';
import { unwritableDiagram } from './serialize-error.ts';

interface CommandStackLike {
  canUndo(): boolean;
  canRedo(): boolean;
  undo(): void;
  redo(): void;
  /** Private in diagram-js, but the only honest "where are we" for dirty tracking. */
  _stackIdx: number;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What #content() reads of a diagram-js element: a shape's bounds or a connection's waypoints. */
interface DrawnElement {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  hidden?: boolean;
  waypoints?: Array<{ x: number; y: number }>;
  parent?: DrawnElement;
}

interface CanvasLike {
  getContainer(): HTMLElement;
  resized(): void;
  zoom(): number;
  viewbox(box?: Box): Box & { inner: Box };
}

/** Input this recent means the user is at work: a recovery write (a full serialisation) waits. */
const RECOVERY_QUIET_MS = 2000;

/** Screen pixels left free around a diagram fitted into the canvas. */
const fitMargin = 24;
/** Where diagram-js's palette ends (its CSS: 20 px from the left, two columns of icons) before it is laid out. */
const paletteReserve = 116;

/**
 * Marks an element beside the canvas (in the same positioned parent) that
 * floats over its top edge while it has content (the banners): a fit leaves
 * it free.
 */
export const coversCanvasAttribute = 'data-covers-canvas';

export interface DiagramSessionOptions {
  container: HTMLElement;
  propertiesParent: HTMLElement;
  readOnly: boolean;
  /** Dirty state, undo/redo or lint results changed: re-render. */
  onChange(): void;
  /** Writes the recovery slot (process tabs); absent: no recovery (files, new diagrams). */
  writeRecovery?: (xml: string) => Promise<void>;
  onRecoveryError?: (error: unknown) => void;
}

export class DiagramSession {
  readonly modeler: Modeler;
  readonly #dirty = new DirtyTracker();
  readonly #recovery: RecoveryTimer | null;
  readonly #onChange: () => void;
  readonly #stopFollowingLanguage: () => void;
  /** Panels resized or hidden, full-screen canvas: the canvas's size changes without a window resize. */
  readonly #sizeWatcher: ResizeObserver;
  /** Imported while the canvas had no size: fit once it has one. */
  #fitPending: FitMode | null = null;
  /** The diagram will be editable once shown: a fit leaves the palette's place free before it is laid out. */
  #paletteComing = true;
  #importing = false;
  /** What #content() measured; null after the elements changed. */
  #contentBox: Box | null = null;
  readonly #viewListeners = new Set<(view: CanvasView) => void>();
  #viewFrame = 0;
  /** An import is under way: fit when it starts drawing. */
  #fitOnRender = false;
  /** What the fit while drawing measured: the diagram interchange's bounds, what covered the canvas. */
  #fittedOnRender: { bounds: Box; covered: Covered } | null = null;
  /** Every change bumps it: the recovery timer writes only new states. */
  #revision = 0;
  /** When the user last touched the canvas or made a change (performance.now()). */
  #inputAt = Number.NEGATIVE_INFINITY;
  problems: Problem[] = [];
  /** Why lint could not (fully) check this diagram, so its findings block nothing; null when it could. */
  lintUnavailable: string | null = null;
  /** What bpmn-js could not read in the diagram last imported: it will be missing from every save. */
  importWarnings: ImportWarning[] = [];
  /** The last import had no layout and Lanes generated one for this many flow nodes; null otherwise. */
  layoutGenerated: number | null = null;

  constructor(options: DiagramSessionOptions) {
    this.#onChange = options.onChange;
    const spare = takeSpareModeler();
    if (spare) {
      placeLanesModeler(spare, options.container, options.propertiesParent);
      setReadOnly(spare, options.readOnly);
    }
    this.modeler =
      spare ??
      createLanesModeler({
        container: options.container,
        properties: options.propertiesParent,
        readOnly: options.readOnly,
      });
    this.#stopFollowingLanguage = followUiLanguage(this.modeler);
    this.modeler.on(
      [
        'elements.changed',
        'shape.added',
        'connection.added',
        'shape.removed',
        'connection.removed',
        'root.set',
        'diagram.clear',
      ],
      () => void (this.#contentBox = null),
    );
    this.modeler.on('commandStack.changed', (event: { trigger?: StackTrigger }) => {
      this.#revision++;
      this.#inputAt = performance.now();
      this.#dirty.moved(this.#stack._stackIdx, event.trigger ?? 'execute');
      this.#onChange();
    });
    // Fitted as bpmn-js starts drawing, from the diagram interchange's bounds, while the canvas is still
    // empty: fitting after the import would make the page lay out the whole diagram at once to measure it.
    this.modeler.on('import.render.start', (event: { definitions?: ModdleElement }) => {
      if (!this.#fitOnRender) return;
      this.#fitOnRender = false;
      const bounds = diagramBounds(event.definitions);
      const covered = this.#covered();
      if (bounds && this.#fitInto(bounds, 'readable', covered)) {
        this.#fitPending = null;
        this.#fittedOnRender = { bounds, covered };
      }
    });
    // The add-on's own run, just finished: its findings, not a second lint of the whole diagram.
    this.modeler.on('linting.completed', () => {
      this.#applyReport(this.modeler.get<LintScheduler>('lanesLintScheduler').lastReport);
      this.#onChange();
    });
    const write = options.writeRecovery;
    this.#recovery = write
      ? new RecoveryTimer({
          isDirty: () => this.dirty,
          revision: () => this.#revision,
          write: async () => write(await this.xml()),
          busy: () => performance.now() - this.#inputAt < RECOVERY_QUIET_MS,
          ...(options.onRecoveryError ? { onError: options.onRecoveryError } : {}),
        })
      : null;
    this.#recovery?.start();
    const noteInput = (): void => void (this.#inputAt = performance.now());
    for (const type of ['pointerdown', 'pointermove', 'keydown', 'wheel'])
      options.container.addEventListener(type, noteInput, { passive: true, capture: true });
    this.#sizeWatcher = new ResizeObserver(() => this.resized());
    this.#sizeWatcher.observe(options.container);
  }

  get #stack(): CommandStackLike {
    return this.modeler.get<CommandStackLike>('commandStack');
  }

  get dirty(): boolean {
    return this.#dirty.dirty;
  }

  get canUndo(): boolean {
    return !this.readOnly && this.#stack.canUndo();
  }

  get canRedo(): boolean {
    return !this.readOnly && this.#stack.canRedo();
  }

  get readOnly(): boolean {
    return isReadOnly(this.modeler);
  }

  set readOnly(readOnly: boolean) {
    setReadOnly(this.modeler, readOnly);
    // The palette came or went: what is visible of the canvas changed.
    this.#viewMayHaveChanged();
    this.#onChange();
  }

  /**
   * Shows `xml` and keeps bpmn-js's import warnings (never discarded: the tab lists them).
   * `editable`: whether the diagram will be editable once shown (a process tab imports read-only
   * and says after); the view leaves the palette's place free only then.
   * A failure rejects with bpmn-js's reason in one line, not its position dump.
   */
  async import(xml: string, unsaved = false, editable = !this.readOnly): Promise<ImportWarning[]> {
    this.layoutGenerated = null;
    this.#paletteComing = editable;
    this.#importing = true;
    try {
      return await this.#import(xml, unsaved);
    } finally {
      this.#importing = false;
      this.#viewMayHaveChanged();
    }
  }

  async #import(xml: string, unsaved: boolean): Promise<ImportWarning[]> {
    let warnings: unknown[] = [];
    let failure: unknown = null;
    this.#fitPending = 'readable';
    this.#fitOnRender = true;
    this.#fittedOnRender = null;
    try {
      ({ warnings } = await this.modeler.importXML(xml));
    } catch (error) {
      failure = error;
    }
    // bpmn-js refuses a diagram without any diagram interchange ("no diagram to display"): then the
    // definitions it parsed are not kept, so they are parsed again to decide.
    const definitions = failure
      ? await this.#parse(xml)
      : (this.modeler.getDefinitions() as ModdleElement | undefined);
    const need = layoutNeed(definitions);
    if (need.kind === 'tooLarge')
      throw new Error(t('autoLayout.tooLarge', { count: need.flowNodes, limit: autoLayoutLimit }));
    if (need.kind === 'generate') {
      this.#fitOnRender = true;
      warnings = await this.#importGeneratedLayout(xml);
      this.layoutGenerated = need.flowNodes;
      // The generated layout is a change the user has not saved: saving or publishing sends it.
      unsaved = true;
    } else if (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      throw new Error(message.split('\n')[0]!.trim(), { cause: failure });
    }
    this.importWarnings = toImportWarnings(warnings);
    this.#fitOnRender = false;
    // Not fitted while drawing (no size yet, no diagram interchange): fitted now, or when shown.
    if (this.#fitPending) this.fit(this.#fitPending);
    else this.#refitDrawn();
    this.#dirty.reset(unsaved);
    this.#revision++;
    if (!unsaved) this.#recovery?.markCurrent();
    this.#onChange();
    return this.importWarnings;
  }

  async #parse(xml: string): Promise<ModdleElement | null> {
    try {
      const moddle = this.modeler.get<{
        fromXML(xml: string, type: string): Promise<{ rootElement: ModdleElement }>;
      }>('moddle');
      return (await moddle.fromXML(xml, 'bpmn:Definitions')).rootElement;
    } catch {
      return null;
    }
  }

  async #importGeneratedLayout(xml: string): Promise<unknown[]> {
    let laidOut: string;
    try {
      laidOut = await generateLayout(xml);
    } catch (error) {
      throw new Error(
        t('autoLayout.failed', { reason: error instanceof Error ? error.message : String(error) }),
        {
          cause: error,
        },
      );
    }
    return (await this.modeler.importXML(laidOut)).warnings;
  }

  /** The diagram as BPMN; what bpmn-moddle cannot write rejects with a typed, explained error. */
  async xml(): Promise<string> {
    let xml: string | undefined;
    try {
      ({ xml } = await this.modeler.saveXML({ format: true }));
    } catch (error) {
      throw unwritableDiagram(error);
    }
    if (!xml) throw unwritableDiagram(new Error('the editor produced no XML'));
    return xml;
  }

  async svg(): Promise<string> {
    return (await this.modeler.saveSVG()).svg;
  }

  /**
   * The XML that was just stored (draft or file), or is being stored, is what
   * the editor shows. Returns the undo for a store that failed: unsaved again,
   * and the recovery slot written again on its next turn.
   */
  markSaved(): () => void {
    const undo = this.#dirty.markSaved();
    this.#recovery?.markCurrent();
    this.#onChange();
    return () => {
      undo();
      this.#revision++;
      this.#onChange();
    };
  }

  undo(): void {
    if (this.canUndo) this.#stack.undo();
  }

  redo(): void {
    if (this.canRedo) this.#stack.redo();
  }

  /** Lint never throws here (lint-guard.ts): when it cannot check, `lintUnavailable` says why. */
  async lint(): Promise<Problem[]> {
    const linting = this.modeler.get<{ lint(): Promise<LintReport> }>('linting');
    return this.#applyReport(await linting.lint());
  }

  #applyReport(report: LintReport): Problem[] {
    const failure = this.modeler.get<LintGuard>('lanesLintGuard').failure;
    this.lintUnavailable = failure ?? crashedRules(report)[0] ?? null;
    this.problems = toProblems(report).map((problem) => ({
      ...problem,
      label: problem.elementId
        ? bpmnElementLabel(this.#businessObject(problem.elementId), problem.elementId)
        : '',
    }));
    return this.problems;
  }

  /** The element's BPMN object: on the canvas, else a root element (messages, signals… of the `global` rule). */
  #businessObject(elementId: string): BpmnBusinessObject | undefined {
    const shape = this.modeler
      .get<{ get(id: string): { businessObject?: BpmnBusinessObject } | undefined }>('elementRegistry')
      .get(elementId);
    if (shape?.businessObject) return shape.businessObject;
    const definitions = (
      this.modeler as unknown as { getDefinitions(): { rootElements?: BpmnBusinessObject[] } }
    ).getDefinitions();
    return definitions?.rootElements?.find((element) => element.id === elementId);
  }

  /** Runs one of bpmn-js's editor actions (align, distribute, find, …); false when unavailable. */
  trigger(action: string, options?: unknown): boolean {
    const actions = this.modeler.get<{
      isRegistered(a: string): boolean;
      trigger(a: string, o?: unknown): unknown;
    }>('editorActions');
    if (!actions.isRegistered(action)) return false;
    actions.trigger(action, options);
    return true;
  }

  /** True when the diagram on the canvas has this element. */
  has(elementId: string): boolean {
    return Boolean(this.modeler.get<{ get(id: string): unknown }>('elementRegistry').get(elementId));
  }

  select(elementId: string): void {
    const element = this.modeler.get<{ get(id: string): unknown }>('elementRegistry').get(elementId);
    if (!element) return;
    this.modeler.get<{ select(e: unknown): void }>('selection').select(element);
    this.modeler.get<{ scrollToElement(e: unknown): void }>('canvas').scrollToElement(element);
  }

  toggleMinimap(): boolean {
    const minimap = this.modeler.get<{ toggle(): void; isOpen(): boolean }>('minimap');
    minimap.toggle();
    return minimap.isOpen();
  }

  /** The canvas's scale: 1 is 100 %. */
  get zoom(): number {
    return this.modeler.get<CanvasLike>('canvas').zoom();
  }

  /**
   * Calls `listener` with what the canvas shows whenever the view moves or
   * zooms (scroll, keys, buttons, fit), the canvas changes size or the diagram
   * changes; at most once a frame.
   */
  onViewChange(listener: (view: CanvasView) => void): void {
    if (this.#viewListeners.size === 0)
      this.modeler.on(['canvas.viewbox.changed', 'canvas.resized', 'elements.changed'], () =>
        this.#viewMayHaveChanged(),
      );
    this.#viewListeners.add(listener);
  }

  #viewMayHaveChanged(): void {
    if (this.#viewFrame !== 0 || this.#viewListeners.size === 0) return;
    this.#viewFrame = requestAnimationFrame(() => {
      this.#viewFrame = 0;
      const view = this.view;
      if (view) for (const listener of this.#viewListeners) listener(view);
    });
  }

  /** What the canvas shows now; null while it has no size (a hidden tab). */
  get view(): CanvasView | null {
    const canvas = this.modeler.get<CanvasLike>('canvas');
    const { clientWidth, clientHeight } = canvas.getContainer();
    if (clientWidth === 0 || clientHeight === 0) return null;
    const viewbox = canvas.viewbox();
    const covered = this.#covered();
    const client = { width: clientWidth, height: clientHeight };
    const inner = this.#content();
    const empty = inner.width === 0 || inner.height === 0;
    return {
      zoom: canvas.zoom(),
      wholeZoom: empty ? 1 : wholeZoom({ client, inner, covered, margin: fitMargin }),
      beyond: beyondView(viewbox, { client, inner, covered }),
      covered,
    };
  }

  /** Shows or hides diagram-js-grid's grid. */
  setGrid(visible: boolean): void {
    this.modeler.get<{ toggle(visible: boolean): void }>('grid').toggle(visible);
  }

  get gridVisible(): boolean {
    return this.modeler.get<{ isVisible(): boolean }>('grid').isVisible();
  }

  /**
   * Fits the diagram into what is visible of the canvas (open-view.ts): right
   * of the palette and below the banners (both float over the canvas), with a
   * margin, never magnified beyond 100 %. 'readable' (opening, "Fit diagram"):
   * never below a zoom whose labels can be read, from the diagram's start when
   * it is larger; 'whole': all of it, however small. diagram-js's own
   * 'fit-viewport' knows neither the palette nor a margin. A canvas without
   * size (a hidden tab) cannot be fitted: that is remembered and done when the
   * tab is shown (`resized`).
   */
  fit(mode: FitMode): void {
    const canvas = this.modeler.get<CanvasLike>('canvas');
    const { clientWidth, clientHeight } = canvas.getContainer();
    if (clientWidth === 0 || clientHeight === 0) return;
    canvas.resized();
    if (this.#fitInto(this.#content(), mode)) this.#fitPending = null;
  }

  /**
   * The diagram interchange can leave out what bpmn-js then draws (a label without bounds gets
   * one of its own): fitted from its bounds, such a diagram would open with its edge under the
   * margin, or past it. Fitted again from what was drawn, only then (no second layout otherwise).
   */
  #refitDrawn(): void {
    const fitted = this.#fittedOnRender;
    this.#fittedOnRender = null;
    if (!fitted) return;
    const drawn = this.#content();
    const moved = (['x', 'y', 'width', 'height'] as const).some(
      (side) => Math.abs(drawn[side] - fitted.bounds[side]) > 1,
    );
    if (moved) this.#fitInto(drawn, 'readable', fitted.covered);
  }

  /** Fits the box (diagram coordinates) into the canvas; false when the canvas or the box has no size. */
  #fitInto(inner: Box, mode: FitMode, covered = this.#covered()): boolean {
    const canvas = this.modeler.get<CanvasLike>('canvas');
    const { clientWidth, clientHeight } = canvas.getContainer();
    if (clientWidth === 0 || clientHeight === 0 || inner.width === 0 || inner.height === 0) return false;
    canvas.viewbox(
      viewFor({
        client: { width: clientWidth, height: clientHeight },
        inner,
        covered,
        margin: fitMargin,
        mode,
      }),
    );
    return true;
  }

  /**
   * The box the diagram's elements cover (shapes, labels, connections' waypoints), as opening
   * measures it from the diagram interchange (diagram-bounds.ts): diagram-js's `viewbox().inner`
   * also counts the invisible outlines and hit areas, so it would call "too large to read" a
   * diagram that opened whole. Kept until the elements change.
   */
  #content(): Box {
    if (this.#contentBox) return this.#contentBox;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    const add = (x: number, y: number, width = 0, height = 0): void => {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x + width);
      maxY = Math.max(maxY, y + height);
    };
    const registry = this.modeler.get<{ getAll(): DrawnElement[] }>('elementRegistry');
    const root = this.modeler.get<{ getRootElement(): unknown }>('canvas').getRootElement();
    for (const element of registry.getAll()) {
      if (element === root || element.hidden) continue;
      // A collapsed sub-process's contents are drawn on a plane of their own.
      let top: DrawnElement = element;
      while (top.parent) top = top.parent;
      if (top !== root) continue;
      if (element.waypoints) for (const point of element.waypoints) add(point.x, point.y);
      else if (element.width !== undefined && element.height !== undefined)
        add(element.x!, element.y!, element.width, element.height);
    }
    this.#contentBox =
      maxX > minX || maxY > minY
        ? { x: minX, y: minY, width: Math.max(maxX - minX, 1), height: Math.max(maxY - minY, 1) }
        : { x: 0, y: 0, width: 0, height: 0 };
    return this.#contentBox;
  }

  /** Pixels of the canvas's edges the palette and the banners float over. */
  #covered(): Covered {
    const container = this.modeler.get<CanvasLike>('canvas').getContainer();
    const frame = container.getBoundingClientRect();
    // A process tab imports while still read-only (palette hidden) and turns editable after: the
    // palette's place is kept free when it will be shown, measured once it is laid out. A read-only
    // diagram has the whole canvas.
    const palette = container.querySelector('.djs-palette')?.getBoundingClientRect();
    const laidOut = palette !== undefined && palette.width > 0;
    const left = laidOut
      ? palette.right - frame.left
      : this.#importing && this.#paletteComing
        ? paletteReserve
        : 0;
    let top = uncovered.top;
    for (const cover of container.parentElement?.querySelectorAll(`[${coversCanvasAttribute}]`) ?? []) {
      const box = cover.getBoundingClientRect();
      if (box.height > 0 && box.top < frame.top + frame.height / 2 && box.bottom > frame.top)
        top = Math.max(top, box.bottom - frame.top);
    }
    return { ...uncovered, left, top };
  }

  /** The canvas's size in CSS pixels (reads the layout: not while an import has left it dirty). */
  get canvasSize(): { width: number; height: number } {
    const { clientWidth, clientHeight } = this.modeler.get<CanvasLike>('canvas').getContainer();
    return { width: clientWidth, height: clientHeight };
  }

  /** A hidden tab's canvas has no size; tell bpmn-js when it is shown again. */
  resized(): void {
    this.modeler.get<CanvasLike>('canvas').resized();
    if (this.#fitPending) this.fit(this.#fitPending);
  }

  destroy(): void {
    cancelAnimationFrame(this.#viewFrame);
    this.#sizeWatcher.disconnect();
    this.#stopFollowingLanguage();
    this.#recovery?.stop();
    this.modeler.destroy();
  }
}
