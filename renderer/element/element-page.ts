import { html } from 'lit';
import type { LanesClient } from '../bridge/lanes-client.ts';
import { LightElement } from '../shell/light-element.ts';

/** One element: attributes, related, info, content, server diagram, release and versions. */
export class ElementPageView extends LightElement {
  static override properties = {
    client: { attribute: false },
    culture: { attribute: false },
    facet: { attribute: false },
    view: { attribute: false },
    elementId: { attribute: false },
    versionId: { attribute: false },
  };
  declare client: LanesClient | undefined;
  declare culture: number;
  declare facet: string;
  declare view: string;
  declare elementId: string;
  declare versionId: string | undefined;

  protected override render(): unknown {
    return html`<section class="panel"></section>`;
  }
}
customElements.define('lanes-element-page', ElementPageView);
