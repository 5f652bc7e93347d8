import type EventBus from 'diagram-js/lib/core/EventBus.js';
import type { Injector } from 'didi';

interface CanvasLike {
  getContainer(): HTMLElement;
  scroll(delta: { dx: number; dy: number }): void;
}

interface ContextPadLike {
  isOpen(target?: unknown): boolean;
  open(target: unknown, force?: boolean): void;
}

/** Pixels kept between the context pad and the canvas's edge when it is brought into view. */
const EDGE = 8;

/**
 * Keeps the context pad where the modeler can use it. diagram-js places the
 * pad from the element's and the canvas's screen positions: drawn while the
 * editor is hidden (another screen in front), both are zero and the pad sits
 * detached at the canvas's top left; so when the canvas has a size again
 * ('canvas.resized'), an open pad is opened again at its element. And a pad
 * that would run past the canvas's right or bottom edge (under the
 * properties panel, below the window) scrolls the diagram just enough to
 * show it whole.
 */
class ContextPadPlacement {
  static $inject = ['eventBus', 'injector', 'canvas'];

  readonly #pad: ContextPadLike | null;
  readonly #selection: { get(): unknown[] } | null;
  readonly #editing: { isActive(): boolean } | null;
  readonly #canvas: CanvasLike;

  constructor(eventBus: EventBus, injector: Injector, canvas: CanvasLike) {
    this.#pad = injector.get<ContextPadLike | null>('contextPad', false);
    this.#selection = injector.get<{ get(): unknown[] } | null>('selection', false);
    this.#editing = injector.get<{ isActive(): boolean } | null>('directEditing', false);
    this.#canvas = canvas;
    if (!this.#pad) return;
    eventBus.on('canvas.resized', () => this.#reanchor());
    // diagram-js positions the pad a moment later (its scheduler): measure after that. A new
    // element is named first (moving the view would end the naming): its pad is shown after.
    const later = (): void => {
      requestAnimationFrame(() => setTimeout(() => this.#reveal(), 0));
    };
    eventBus.on(['contextPad.open', 'contextPad.show', 'directEditing.complete'], later);
  }

  #reanchor(): void {
    const pad = this.#pad;
    const selected = this.#selection?.get() ?? [];
    if (!pad?.isOpen() || selected.length === 0) return;
    if (this.#canvas.getContainer().clientWidth === 0) return;
    pad.open(selected.length === 1 ? selected[0] : selected, true);
  }

  #reveal(): void {
    if (this.#editing?.isActive()) return;
    const container = this.#canvas.getContainer();
    const pad = container.querySelector('.djs-context-pad.open');
    if (!pad || container.clientWidth === 0) return;
    const box = pad.getBoundingClientRect();
    const bounds = container.getBoundingClientRect();
    if (box.width === 0) return;
    const dx = Math.max(0, box.right - (bounds.right - EDGE));
    const dy = Math.max(0, box.bottom - (bounds.bottom - EDGE));
    // Never push the pad's element out on the other side: at most as far as the pad's own start.
    const scrollX = Math.min(dx, Math.max(0, box.left - bounds.left - EDGE));
    const scrollY = Math.min(dy, Math.max(0, box.top - bounds.top - EDGE));
    if (scrollX > 0 || scrollY > 0) this.#canvas.scroll({ dx: -scrollX, dy: -scrollY });
  }
}

export const contextPadPlacementModule = {
  __init__: ['lanesContextPadPlacement'],
  lanesContextPadPlacement: ['type', ContextPadPlacement],
};
