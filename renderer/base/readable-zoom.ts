/**
 * The smallest zoom at which a BPMN diagram drawn by bpmn-js can be read:
 * bpmn-js writes labels at 11 px, so at this zoom (about 82 %) they are 9 px
 * on screen. The editor opens no diagram below it and its "Fit diagram" never
 * goes below it (only "Whole diagram" does, and says so); the side-by-side
 * views zoom to a change when the whole diagram would be smaller.
 */
export const READABLE_ZOOM = 9 / 11;
