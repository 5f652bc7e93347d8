import { html } from 'lit';
import type { LanesClient } from '../bridge/lanes-client.ts';
import { LightElement } from '../shell/light-element.ts';

/** The landscape: facets → views → elements. */
export class NavigatorPage extends LightElement {
  static override properties = {
    client: { attribute: false },
    culture: { attribute: false },
    facet: { attribute: false },
    view: { attribute: false },
  };
  declare client: LanesClient | undefined;
  declare culture: number;
  declare facet: string | undefined;
  declare view: string | undefined;

  protected override render(): unknown {
    return html`<section class="panel"></section>`;
  }
}
customElements.define('lanes-navigator', NavigatorPage);
