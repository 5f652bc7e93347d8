/**
 * Texts not yet published, drawn into the workbench's diagram: the viewer's
 * elements take the translator's texts in place (nothing is imported again,
 * so the view and the zoom stay), labels are laid out again for their new
 * text, and each changed element or label gets a dashed outline, so the
 * translator sees whether a longer text still fits before publishing. Texts
 * taken back restore what the service's export said.
 */
import type NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { isLabelExternal } from 'bpmn-js/lib/util/LabelUtil';
import type Canvas from 'diagram-js/lib/core/Canvas';
import type ElementRegistry from 'diagram-js/lib/core/ElementRegistry';

/** The marker (CSS class) on an element whose text is not published; also the outline's class. */
export const UNPUBLISHED = 'translate-unpublished';
/** Pixels between an element and its outline. */
const OUTLINE_GAP = 4;

interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Semantic {
  $instanceOf(type: string): boolean;
  name?: string;
  text?: string;
  categoryValueRef?: { value?: string };
}

interface DrawnElement extends Bounds {
  id: string;
  businessObject: Semantic;
  di?: unknown;
  waypoints?: unknown[];
  hidden?: boolean;
  label?: DrawnElement;
}

interface GraphicsFactory {
  update(type: 'shape' | 'connection', element: DrawnElement, gfx: SVGElement): void;
}

interface TextRenderer {
  getExternalLabelBounds(bounds: Bounds, text: string): Bounds;
}

interface Importer {
  addLabel(semantic: Semantic, di: unknown, element: DrawnElement): DrawnElement;
}

/** The text a row's field reads in the diagram, and how to set it; null: the field is not drawn. */
function fieldOf(
  semantic: Semantic,
  field: string,
): { get(): string | undefined; set(text?: string): void } | null {
  if (field === 'text') return { get: () => semantic.text, set: (text) => (semantic.text = text) };
  if (field !== 'name') return null; // documentation is not drawn
  if (semantic.$instanceOf('bpmn:Group'))
    return {
      get: () => semantic.categoryValueRef?.value,
      set: (text) => {
        // Only the drawing reads this object; it is never exported.
        semantic.categoryValueRef ??= {};
        semantic.categoryValueRef.value = text;
      },
    };
  return { get: () => semantic.name, set: (text) => (semantic.name = text) };
}

export class DiagramTexts {
  readonly #viewer: NavigatedViewer;
  /** What the export said, by row key, for every text replaced. */
  readonly #originals = new Map<string, string | undefined>();
  /** External labels' bounds as imported, by element id: a new text is laid out from them. */
  readonly #labelBounds = new Map<string, Bounds>();
  /** The texts drawn last: the same again (a row selected) redraws nothing. */
  #shown: ReadonlyMap<string, string | null> | null = null;

  constructor(viewer: NavigatedViewer) {
    this.#viewer = viewer;
  }

  /** A new diagram was imported: nothing in it is replaced yet. */
  reset(): void {
    this.#originals.clear();
    this.#labelBounds.clear();
    this.#shown = null;
  }

  /** Shows `texts` (row key → text, null: none) and restores every text no longer in it. */
  show(texts: ReadonlyMap<string, string | null>): void {
    if (texts === this.#shown) return;
    this.#shown = texts;
    const registry = this.#viewer.get<ElementRegistry>('elementRegistry');
    const changed = new Set<string>();
    for (const [key, original] of this.#originals)
      if (!texts.has(key)) {
        this.#write(registry, key, original);
        this.#originals.delete(key);
        changed.add(idOf(key));
      }
    for (const [key, text] of texts)
      if (this.#write(registry, key, text ?? undefined)) changed.add(idOf(key));
    for (const id of changed) {
      const element = registry.get(id) as DrawnElement | undefined;
      if (element) this.#redraw(element);
    }
  }

  /** Sets one text in the drawing, keeping what it replaced; false when the diagram does not draw it. */
  #write(registry: ElementRegistry, key: string, text: string | undefined): boolean {
    const element = registry.get(idOf(key)) as DrawnElement | undefined;
    const field = element && fieldOf(element.businessObject, key.slice(key.lastIndexOf('#') + 1));
    if (!field) return false;
    if (!this.#originals.has(key)) this.#originals.set(key, field.get());
    field.set(text || undefined);
    return true;
  }

  #redraw(element: DrawnElement): void {
    const registry = this.#viewer.get<ElementRegistry>('elementRegistry');
    const canvas = this.#viewer.get<Canvas>('canvas');
    const graphics = this.#viewer.get<GraphicsFactory>('graphicsFactory');
    const unpublished = [...this.#originals.keys()].some((key) => idOf(key) === element.id);
    graphics.update(element.waypoints ? 'connection' : 'shape', element, registry.getGraphics(element));
    const label = this.#layOutLabel(element);
    // An element with an external label is outlined at its label (the text); any other around itself.
    const outlined = isLabelExternal(element.businessObject as never) ? label : element;
    for (const drawn of [element, label]) {
      if (!drawn) continue;
      if (unpublished) canvas.addMarker(drawn.id, UNPUBLISHED);
      else canvas.removeMarker(drawn.id, UNPUBLISHED);
    }
    if (unpublished && outlined && !outlined.hidden) outline(registry.getGraphics(outlined));
  }

  /** An external label (events, gateways, flows…) sized for its text anew, created if it had none. */
  #layOutLabel(element: DrawnElement): DrawnElement | undefined {
    if (!isLabelExternal(element.businessObject as never)) return undefined;
    const text = fieldOf(element.businessObject, 'name')?.get();
    let label = element.label;
    if (!label) {
      if (!text || !element.di) return undefined;
      label = this.#viewer
        .get<Importer>('bpmnImporter')
        .addLabel(element.businessObject, element.di, element);
      this.#labelBounds.set(element.id, boundsOf(label));
      return label;
    }
    if (!this.#labelBounds.has(element.id)) this.#labelBounds.set(element.id, boundsOf(label));
    const imported = this.#labelBounds.get(element.id)!;
    const bounds = text
      ? this.#viewer.get<TextRenderer>('textRenderer').getExternalLabelBounds(imported, text)
      : imported;
    Object.assign(label, bounds, { hidden: !text });
    const registry = this.#viewer.get<ElementRegistry>('elementRegistry');
    this.#viewer.get<GraphicsFactory>('graphicsFactory').update('shape', label, registry.getGraphics(label));
    return label;
  }
}

function idOf(key: string): string {
  return key.slice(0, key.lastIndexOf('#'));
}

function boundsOf(element: Bounds): Bounds {
  return { x: element.x, y: element.y, width: element.width, height: element.height };
}

/** A dashed frame around an element or label, drawn into its visual (redrawing the element removes it). */
function outline(gfx: SVGElement): void {
  const visual = gfx.querySelector('.djs-visual');
  const box = (visual as SVGGraphicsElement | null)?.getBBox();
  if (!visual || !box) return;
  const frame = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  const attributes = {
    class: `${UNPUBLISHED}-outline`,
    x: box.x - OUTLINE_GAP,
    y: box.y - OUTLINE_GAP,
    width: box.width + 2 * OUTLINE_GAP,
    height: box.height + 2 * OUTLINE_GAP,
    rx: 3,
  };
  for (const [name, value] of Object.entries(attributes)) frame.setAttribute(name, String(value));
  visual.append(frame);
}
