/**
 * The bpmn.io modeling aids Lanes adds to bpmn-js's Modeler: the colour
 * picker in the context pad (bpmn-js-color-picker) and the create/append
 * anything menus (bpmn-js-create-append-anything). Element replace (the
 * wrench) comes with the Modeler itself. Their texts go through Lanes'
 * `translate` (bpmn-js-aids.*.ts). A read-only diagram opens no popup menu at
 * all: the read-only module empties the context pad and closes the keyboard's
 * way in (A appends, N creates).
 */
import colorPickerModule from 'bpmn-js-color-picker';
import { CreateAppendAnythingModule } from 'bpmn-js-create-append-anything';
import { readOnlyModule } from '../read-only/index.ts';
import 'bpmn-js-color-picker/colors/color-picker.css';
import './modeling-aids.css';

/** The aids; a read-only diagram opens none of their popups (read-only/read-only-popups.ts). */
export const modelingAidsModule = {
  __depends__: [colorPickerModule, CreateAppendAnythingModule, readOnlyModule],
};
