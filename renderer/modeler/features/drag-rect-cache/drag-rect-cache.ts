import type EventBus from 'diagram-js/lib/core/EventBus.js';
import type { Injector } from 'didi';
import { toPoint } from 'diagram-js/lib/util/Event.js';

interface AutoScrollLike {
  _toBorderPoint(event: { originalEvent: Event }): { x: number; y: number };
}

/**
 * diagram-js's auto-scroll measures the canvas's place on screen
 * (`getBoundingClientRect`) on every mouse move of a drag, after the drag
 * preview has changed the SVG: each move then lays out the whole diagram once
 * more than the frame needs (on 4,000 elements, most of a drag's time). The
 * canvas does not move on screen while a drag lasts, so its rectangle is
 * measured once per drag and the same point is computed from it.
 */
class DragRectCache {
  static $inject = ['eventBus', 'injector', 'canvas'];

  constructor(eventBus: EventBus, injector: Injector, canvas: { getContainer(): HTMLElement }) {
    const autoScroll = injector.get<AutoScrollLike | null>('autoScroll', false);
    if (!autoScroll) return;
    let rect: DOMRect | null = null;
    // Measured as the drag begins, before its preview changes the SVG: then the page's layout is
    // still current and measuring costs nothing. Measured again after a resize.
    eventBus.on('drag.init', () => void (rect = canvas.getContainer().getBoundingClientRect()));
    eventBus.on(['drag.cleanup', 'canvas.resized'], () => void (rect = null));
    autoScroll._toBorderPoint = (event) => {
      rect ??= canvas.getContainer().getBoundingClientRect();
      const at = toPoint(event.originalEvent) as { x: number; y: number };
      return { x: at.x - rect.left, y: at.y - rect.top };
    };
  }
}

export const dragRectCacheModule = {
  __init__: ['lanesDragRectCache'],
  lanesDragRectCache: ['type', DragRectCache],
};
