import type EventBus from 'diagram-js/lib/core/EventBus.js';
import type Canvas from 'diagram-js/lib/core/Canvas.js';
import type ContextPad from 'diagram-js/lib/features/context-pad/ContextPad.js';
import type { ContextPadEntries } from 'diagram-js/lib/features/context-pad/ContextPadProvider.js';
import type DirectEditing from 'diagram-js-direct-editing/lib/DirectEditing.js';
import { READ_ONLY_CHANGED, type ReadOnlyState } from './read-only-state.ts';

const FIRST = 100_000;
/** Context pad providers run highest priority first; the one that empties the pad must run last. */
const LAST = 1;
/** The container class the editor CSS keys on (palette hidden, cursor). */
const READ_ONLY_CLASS = 'lanes-read-only';

/**
 * The user-facing side of read-only mode: no label editing on double click,
 * an empty context pad, no palette. The rules and the guard enforce it; this
 * only keeps the UI from offering what would be refused.
 */
export class ReadOnlyUi {
  static $inject = ['eventBus', 'canvas', 'contextPad', 'directEditing', 'lanesReadOnly'];

  constructor(
    eventBus: EventBus,
    canvas: Canvas,
    contextPad: ContextPad,
    directEditing: DirectEditing,
    state: ReadOnlyState,
  ) {
    const apply = (): void => {
      canvas.getContainer().classList.toggle(READ_ONLY_CLASS, state.isReadOnly());
      if (state.isReadOnly()) {
        if (directEditing.isActive()) directEditing.cancel();
        contextPad.close();
      }
    };
    eventBus.on('diagram.init', apply);
    eventBus.on(READ_ONLY_CHANGED, apply);
    eventBus.on('element.dblclick', FIRST, () => (state.isReadOnly() ? false : undefined));
    eventBus.on('directEditing.activate', FIRST, () => {
      if (state.isReadOnly()) queueMicrotask(() => directEditing.cancel());
    });
    const emptyWhenReadOnly = () => (entries: ContextPadEntries) => (state.isReadOnly() ? {} : entries);
    contextPad.registerProvider(LAST, {
      getContextPadEntries: emptyWhenReadOnly,
      getMultiElementContextPadEntries: emptyWhenReadOnly,
    });
  }
}
