/**
 * The full-screen canvas: the app's header, navigation, status bar, the tab
 * strip and the side panels step aside (a class on the root element; the
 * rules are in modeler.css) so the diagram gets the whole window. Esc or the
 * toolbar button brings them back. Distinct from the window's full screen
 * (F11), which hides the operating system's frame and keeps Lanes' panels.
 */
type Listener = (on: boolean) => void;

const rootClass = 'lanes-canvas-full';
const listeners = new Set<Listener>();

export function isCanvasFullScreen(): boolean {
  return document.documentElement.classList.contains(rootClass);
}

/** Esc anywhere leaves, unless something on the page (a dialog, bpmn-js's search or a tool) took it first. */
function onKeyDown(event: KeyboardEvent): void {
  if (event.key === 'Escape' && !event.defaultPrevented) setCanvasFullScreen(false);
}

export function setCanvasFullScreen(on: boolean): void {
  if (on === isCanvasFullScreen()) return;
  document.documentElement.classList.toggle(rootClass, on);
  if (on) window.addEventListener('keydown', onKeyDown);
  else window.removeEventListener('keydown', onKeyDown);
  for (const listener of listeners) listener(on);
}

export function onCanvasFullScreen(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
