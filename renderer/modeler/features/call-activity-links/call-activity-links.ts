/**
 * The canvas side of landscape links: a call activity can be linked to a
 * process of the landscape and the linked process opened. bpmn-js has no
 * notion of Lanes' landscape, so this only offers the actions (context pad
 * entries, a badge on linked call activities) and fires events
 * on diagram-js's event bus; the editor tab (link-actions.ts) answers them
 * with the picker, the IPC look-up and a new tab. The link itself is
 * bpmn:CallActivity's `calledElement`, changed only through `modeling`.
 */
import type EventBus from 'diagram-js/lib/core/EventBus.js';
import type ContextPad from 'diagram-js/lib/features/context-pad/ContextPad.js';
import type { ContextPadEntries } from 'diagram-js/lib/features/context-pad/ContextPadProvider.js';
import type Overlays from 'diagram-js/lib/features/overlays/Overlays.js';
import type ElementRegistry from 'diagram-js/lib/core/ElementRegistry.js';
import { readOnlyModule, type ReadOnlyState } from '../read-only/index.ts';
import { t } from '../../../i18n/locale-controller.ts';

/** Fired to pick the process a call activity calls: `{ element }`. */
export const PICK_LINKED_PROCESS = 'lanes.links.pick';
/** Fired to open the process a call activity calls: `{ element }`. */
export const OPEN_LINKED_PROCESS = 'lanes.links.open';

const OVERLAY_TYPE = 'lanes-linked-process';

export interface LinkableElement {
  id: string;
  type: string;
  businessObject: { calledElement?: string; name?: string; $instanceOf(type: string): boolean };
  labelTarget?: unknown;
}

/** A call activity shape (not its label), whatever its `calledElement`. */
function isCallActivity(element: unknown): element is LinkableElement {
  const candidate = element as Partial<LinkableElement> | null;
  return Boolean(candidate?.businessObject?.$instanceOf?.('bpmn:CallActivity') && !candidate.labelTarget);
}

/** The process the call activity calls, as it is written in the diagram; null when none. */
export function calledElementOf(element: LinkableElement): string | null {
  const called = element.businessObject.calledElement;
  return typeof called === 'string' && called.trim() ? called.trim() : null;
}

const chainIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.6"><path d="M6.5 9.5a3 3 0 0 0 4.2 0l2.6-2.6a3 3 0 0 0-4.2-4.2l-1 1M9.5 6.5a3 3 0 0 0-4.2 0L2.7 9.1a3 3 0 0 0 4.2 4.2l1-1"/></svg>`;
const linkIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.6"><path d="M9 2h5v5M14 2 7 9M12 9.5V14H2V4h4.5"/></svg>`;

class CallActivityLinks {
  static $inject = ['eventBus', 'contextPad', 'overlays', 'elementRegistry', 'lanesReadOnly'];
  readonly #eventBus: EventBus;
  readonly #overlays: Overlays;
  readonly #registry: ElementRegistry;
  readonly #readOnly: ReadOnlyState;

  constructor(
    eventBus: EventBus,
    contextPad: ContextPad,
    overlays: Overlays,
    elementRegistry: ElementRegistry,
    readOnly: ReadOnlyState,
  ) {
    this.#eventBus = eventBus;
    this.#overlays = overlays;
    this.#registry = elementRegistry;
    this.#readOnly = readOnly;
    contextPad.registerProvider(this);
    for (const when of ['import.done', 'elements.changed', 'i18n.changed'])
      eventBus.on(when, () => this.#drawBadges());
  }

  getContextPadEntries(element: unknown): ContextPadEntries {
    if (!isCallActivity(element) || this.#readOnly.isReadOnly()) return {};
    const entries: ContextPadEntries = {
      'lanes-link-process': {
        group: 'edit',
        className: 'lanes-link-process',
        title: t('links.pickTitle'),
        html: `<div class="entry" data-testid="context-pad-link-process">${chainIcon}</div>`,
        action: { click: () => this.#eventBus.fire(PICK_LINKED_PROCESS, { element }) },
      },
    };
    if (calledElementOf(element))
      entries['lanes-open-linked'] = {
        group: 'edit',
        className: 'lanes-open-linked',
        title: t('links.openTitle'),
        html: `<div class="entry" data-testid="context-pad-open-linked">${linkIcon}</div>`,
        action: { click: () => this.#eventBus.fire(OPEN_LINKED_PROCESS, { element }) },
      };
    return entries;
  }

  /** A small button on each linked call activity: opens the linked process, in edit and read-only mode. */
  #drawBadges(): void {
    this.#overlays.remove({ type: OVERLAY_TYPE });
    for (const element of this.#registry.filter((candidate) => isCallActivity(candidate))) {
      const linkable = element as unknown as LinkableElement;
      if (!calledElementOf(linkable)) continue;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'lanes-linked-process-badge';
      button.dataset.testid = 'linked-process-badge';
      button.dataset.elementId = linkable.id;
      button.title = t('links.openTitle');
      button.setAttribute('aria-label', t('links.open'));
      button.innerHTML = linkIcon;
      button.addEventListener('click', (event) => {
        event.stopPropagation();
        this.#eventBus.fire(OPEN_LINKED_PROCESS, { element });
      });
      this.#overlays.add(linkable.id, OVERLAY_TYPE, { position: { top: -12, right: 12 }, html: button });
    }
  }
}

export const callActivityLinksModule = {
  // Offers no link on a read-only diagram: asks the read-only state.
  __depends__: [readOnlyModule],
  __init__: ['lanesCallActivityLinks'],
  lanesCallActivityLinks: ['type', CallActivityLinks],
};
