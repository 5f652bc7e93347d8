import RuleProvider from 'diagram-js/lib/features/rules/RuleProvider.js';
import type EventBus from 'diagram-js/lib/core/EventBus.js';
import type { ReadOnlyState } from './read-only-state.ts';

/** Above every rule bpmn-js registers (they use 1000 and 1500). */
const READ_ONLY_PRIORITY = 100_000;

/**
 * Every rule bpmn-js and diagram-js ask before they change the diagram. Copy
 * is left out: copying changes nothing.
 */
export const MODELING_RULES = [
  'connection.start',
  'connection.create',
  'connection.reconnect',
  'connection.updateWaypoints',
  'shape.create',
  'shape.resize',
  'shape.attach',
  'shape.replace',
  'elements.create',
  'elements.move',
  'elements.delete',
  'elements.align',
  'elements.distribute',
  'element.autoResize',
] as const;

/** Denies every modeling rule while the diagram is read-only; otherwise says nothing. */
export class ReadOnlyRules extends RuleProvider {
  static override $inject = ['eventBus', 'lanesReadOnly'];
  readonly #state: ReadOnlyState;

  constructor(eventBus: EventBus, state: ReadOnlyState) {
    super(eventBus);
    this.#state = state;
  }

  override init(): void {
    this.addRule([...MODELING_RULES], READ_ONLY_PRIORITY, () =>
      // false denies; undefined lets the next rule decide.
      this.#state.isReadOnly() ? false : undefined,
    );
  }
}
