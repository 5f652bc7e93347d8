import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * The OS colour scheme for a component that draws charts in its colours:
 * `onChange` runs when the scheme changes while the component is on the page.
 */
export class ColorSchemeController implements ReactiveController {
  readonly #query = matchMedia('(prefers-color-scheme: dark)');
  readonly #onChange: () => void;

  constructor(host: ReactiveControllerHost, onChange: () => void) {
    this.#onChange = onChange;
    host.addController(this);
  }

  get dark(): boolean {
    return this.#query.matches;
  }

  hostConnected(): void {
    this.#query.addEventListener('change', this.#onChange);
  }

  hostDisconnected(): void {
    this.#query.removeEventListener('change', this.#onChange);
  }
}
