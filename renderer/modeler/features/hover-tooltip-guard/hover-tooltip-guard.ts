import type EventBus from 'diagram-js/lib/core/EventBus.js';
import type { Injector } from 'didi';

/**
 * diagram-js 15's hover tooltip (palette entries) shows itself from a timer
 * it does not clear when the diagram is destroyed: closing a tab within
 * 300 ms of hovering the palette made the timer draw into a canvas that is
 * gone ("Cannot read properties of undefined (reading 'appendChild')").
 * The timer is the tooltip's own field, so it is cleared from here on
 * `diagram.destroy` until diagram-js does it itself.
 */
class HoverTooltipGuard {
  static $inject = ['eventBus', 'injector'];

  constructor(eventBus: EventBus, injector: Injector) {
    const tooltip = injector.get<{ _showTimer?: ReturnType<typeof setTimeout> | null } | null>(
      'hoverTooltip',
      false,
    );
    if (!tooltip) return;
    eventBus.on('diagram.destroy', () => {
      clearTimeout(tooltip._showTimer ?? undefined);
      tooltip._showTimer = null;
    });
  }
}

export const hoverTooltipGuardModule = {
  __init__: ['lanesHoverTooltipGuard'],
  lanesHoverTooltipGuard: ['type', HoverTooltipGuard],
};
