/**
 * A drag handle between two panels: a focusable `role="separator"` whose
 * value is the panel's size in pixels. Arrow keys resize by a step (Shift: a
 * bigger one), Home/End go to the limits, and a pointer drags it. While it
 * moves only the view follows (`onResize(size, false)`); when it stops the
 * size is final (`onResize(size, true)`) and the caller stores it.
 */
import { html } from 'lit';

interface SplitterOptions {
  testId: string;
  label: string;
  /** 'vertical': a line between left and right panels (width); 'horizontal': between top and bottom (height). */
  orientation: 'vertical' | 'horizontal';
  size: number;
  min: number;
  max: number;
  /** +1: moving right/down makes the panel bigger; -1: smaller (a panel on the right or at the bottom). */
  growth: 1 | -1;
  onResize(size: number, final: boolean): void;
}

const step = 16;
const bigStep = 64;

export const clampSize = (size: number, min: number, max: number): number =>
  Math.round(Math.min(Math.max(size, min), Math.max(min, max)));

export function renderSplitter(options: SplitterOptions): unknown {
  const { orientation, min, max, growth } = options;
  const vertical = orientation === 'vertical';
  const onKeyDown = (event: KeyboardEvent): void => {
    const keys = vertical ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
    let size: number;
    if (event.key === 'Home') size = min;
    else if (event.key === 'End') size = max;
    else if (keys.includes(event.key)) {
      const towards = event.key === keys[1] ? 1 : -1;
      size = options.size + towards * growth * (event.shiftKey ? bigStep : step);
    } else return;
    event.preventDefault();
    options.onResize(clampSize(size, min, max), true);
  };
  const onPointerDown = (event: PointerEvent): void => {
    if (event.button !== 0) return;
    event.preventDefault();
    const handle = event.currentTarget as HTMLElement;
    handle.setPointerCapture(event.pointerId);
    handle.focus();
    const start = vertical ? event.clientX : event.clientY;
    const startSize = options.size;
    const sizeAt = (moved: PointerEvent): number =>
      clampSize(startSize + ((vertical ? moved.clientX : moved.clientY) - start) * growth, min, max);
    const onMove = (moved: PointerEvent): void => options.onResize(sizeAt(moved), false);
    const onUp = (up: PointerEvent): void => {
      handle.removeEventListener('pointermove', onMove);
      handle.removeEventListener('pointerup', onUp);
      handle.removeEventListener('pointercancel', onUp);
      options.onResize(sizeAt(up), true);
    };
    handle.addEventListener('pointermove', onMove);
    handle.addEventListener('pointerup', onUp);
    handle.addEventListener('pointercancel', onUp);
  };
  return html`<div
    class="panel-splitter panel-splitter-${orientation}"
    role="separator"
    tabindex="0"
    data-testid=${options.testId}
    aria-label=${options.label}
    aria-orientation=${orientation}
    aria-valuenow=${options.size}
    aria-valuemin=${min}
    aria-valuemax=${Math.max(min, max)}
    @keydown=${onKeyDown}
    @pointerdown=${onPointerDown}
  ></div>`;
}
