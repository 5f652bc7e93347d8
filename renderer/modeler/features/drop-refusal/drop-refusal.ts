/**
 * Why a drop was refused, readable. bpmn-js's own feedback (its
 * `modelingFeedback`) says it in an English tooltip drawn inside the diagram,
 * so it shrinks with the zoom (about 7 px at a fitted zoom), greyed to 75 %,
 * gone after two seconds and never read out. This module takes its place
 * under the same name: when a paste, a new element or a move is dropped where
 * BPMN does not allow it (a task beside a pool instead of in it), a note in
 * the UI's own size and colours appears where it was dropped, in the UI
 * language, as an alert for screen readers; it stays while the pointer or the
 * focus is on it, goes after a while or with its Dismiss button, and the next
 * refusal replaces it.
 */
import type EventBus from 'diagram-js/lib/core/EventBus.js';
import type Canvas from 'diagram-js/lib/core/Canvas.js';
import { is } from 'bpmn-js/lib/util/ModelUtil';
import { t } from '../../../i18n/locale-controller.ts';
import type { MessageKey } from '../../../../shared/i18n/messages-en.ts';
import './drop-refusal.css';

/** Long enough to read two sentences twice over. */
export const DROP_REFUSAL_SHOWN_MS = 10_000;

/** Kept this far inside the canvas's edges. */
const MARGIN = 8;

interface RejectedEvent {
  /** Where it was dropped, in diagram coordinates. */
  x: number;
  y: number;
  context: { shape?: { businessObject?: unknown }; target?: { businessObject?: unknown } };
}

type Element = Parameters<typeof is>[0];

/** What the refusal says, for the drops bpmn-js refuses with a reason (as its own feedback does); none: no note. */
export function refusalReason(shape: Element | undefined, target: Element | undefined): MessageKey | null {
  if (!shape || !target || !is(target, 'bpmn:Collaboration')) return null;
  if (is(shape, 'bpmn:FlowNode')) return 'dropRefusal.flowNode';
  if (is(shape, 'bpmn:DataObjectReference')) return 'dropRefusal.dataObject';
  return null;
}

class DropRefusal {
  static $inject = ['eventBus', 'canvas'];

  readonly #canvas: Canvas;
  #note: HTMLElement | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(eventBus: EventBus, canvas: Canvas) {
    this.#canvas = canvas;
    eventBus.on(['shape.move.rejected', 'create.rejected'], (event: RejectedEvent) => {
      const reason = refusalReason(
        event.context.shape as Element | undefined,
        event.context.target as Element | undefined,
      );
      if (reason) this.show(t(reason), event);
    });
    eventBus.on(['canvas.destroy', 'diagram.clear'], () => this.dismiss());
  }

  /** Shows `text` where the diagram point lies on the canvas, replacing a note already shown. */
  show(text: string, at: { x: number; y: number }): void {
    this.dismiss();
    const container = this.#canvas.getContainer();
    const note = document.createElement('div');
    note.className = 'drop-refusal';
    note.setAttribute('role', 'alert');
    note.dataset.testid = 'drop-refusal';
    const words = document.createElement('span');
    words.textContent = text;
    const dismiss = document.createElement('button');
    dismiss.type = 'button';
    dismiss.textContent = t('editor.notice.dismiss');
    dismiss.dataset.testid = 'drop-refusal-dismiss';
    dismiss.addEventListener('click', (event) => {
      // A click on the canvas's own surface would start a selection; this one only closes the note.
      event.stopPropagation();
      this.dismiss();
      this.#canvas.restoreFocus();
    });
    note.append(words, dismiss);
    // It stays while someone reads it with the pointer or works through it by keyboard.
    note.addEventListener('pointerenter', () => this.#stopTimer());
    note.addEventListener('pointerleave', () => this.#startTimer());
    note.addEventListener('focusin', () => this.#stopTimer());
    note.addEventListener('focusout', () => this.#startTimer());
    // diagram-js starts a drag or a lasso on a mouse down anywhere in its container.
    note.addEventListener('mousedown', (event) => event.stopPropagation());
    container.append(note);
    this.#note = note;
    this.#place(note, container, at);
    this.#startTimer();
  }

  dismiss(): void {
    this.#stopTimer();
    this.#note?.remove();
    this.#note = null;
  }

  /** Just below and right of the drop point (as bpmn-js placed its tooltip), but never outside the canvas. */
  #place(note: HTMLElement, container: HTMLElement, at: { x: number; y: number }): void {
    const viewbox = this.#canvas.viewbox();
    const left = (at.x - viewbox.x) * viewbox.scale + MARGIN;
    const top = (at.y - viewbox.y) * viewbox.scale + MARGIN;
    const maxLeft = container.clientWidth - note.offsetWidth - MARGIN;
    const maxTop = container.clientHeight - note.offsetHeight - MARGIN;
    note.style.left = `${Math.max(MARGIN, Math.min(left, maxLeft))}px`;
    note.style.top = `${Math.max(MARGIN, Math.min(top, maxTop))}px`;
  }

  #startTimer(): void {
    this.#stopTimer();
    if (this.#note) this.#timer = setTimeout(() => this.dismiss(), DROP_REFUSAL_SHOWN_MS);
  }

  #stopTimer(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }
}

/** Replaces bpmn-js's `modelingFeedback` (registered later, the same name wins; its `__init__` then makes ours). */
export const dropRefusalModule = {
  __init__: ['modelingFeedback'],
  modelingFeedback: ['type', DropRefusal],
};
