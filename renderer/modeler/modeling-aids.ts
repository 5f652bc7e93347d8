/**
 * The bpmn.io modeling aids Lanes adds to bpmn-js's Modeler: the colour
 * picker in the context pad (bpmn-js-color-picker) and the create/append
 * anything menus (bpmn-js-create-append-anything). Element replace (the
 * wrench) comes with the Modeler itself. Their texts go through Lanes'
 * `translate` (bpmn-js-aids.*.ts). A read-only diagram opens no popup menu at
 * all: the context pad is already empty there (read-only-ui.ts), and this
 * closes the keyboard's way in (A appends, N creates).
 */
import type EventBus from 'diagram-js/lib/core/EventBus.js';
import colorPickerModule from 'bpmn-js-color-picker';
import { CreateAppendAnythingModule } from 'bpmn-js-create-append-anything';
import { callActivityLinksModule } from './landscape-links/call-activity-links.ts';
import type { ReadOnlyState } from './read-only/index.ts';
import 'bpmn-js-color-picker/colors/color-picker.css';
import './modeling-aids.css';

/** Above diagram-js's own listeners, so a refusal is final. */
const FIRST = 100_000;

class ReadOnlyPopups {
  static $inject = ['eventBus', 'lanesReadOnly'];

  constructor(eventBus: EventBus, state: ReadOnlyState) {
    // false: diagram-js's PopupMenu does not open.
    eventBus.on('popupMenu.open.allowed', FIRST, () => (state.isReadOnly() ? false : undefined));
  }
}

const readOnlyPopupsModule = {
  __init__: ['lanesReadOnlyPopups'],
  lanesReadOnlyPopups: ['type', ReadOnlyPopups],
};

/** The aids, and Lanes' own landscape links for call activities (landscape-links/). */
export const modelingAidsModules = [
  colorPickerModule,
  CreateAppendAnythingModule,
  readOnlyPopupsModule,
  callActivityLinksModule,
];
