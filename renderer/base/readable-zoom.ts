/**
 * The smallest zoom at which a BPMN diagram drawn by bpmn-js can be read:
 * bpmn-js writes labels at 11 px, so at this zoom they are 10 px. The editor
 * opens no diagram below it, and the side-by-side views zoom to a change
 * when the whole diagram would be smaller.
 */
export const READABLE_ZOOM = 10 / 11;
