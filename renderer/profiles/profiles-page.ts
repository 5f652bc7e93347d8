import { html } from 'lit';
import type { LanesClient } from '../bridge/lanes-client.ts';
import { LightElement } from '../shell/light-element.ts';

/** Connection profiles: add, edit, remove, switch and test tenants. */
export class ProfilesPage extends LightElement {
  static override properties = { client: { attribute: false } };
  declare client: LanesClient | undefined;

  protected override render(): unknown {
    return html`<section class="panel"></section>`;
  }
}
customElements.define('lanes-profiles-page', ProfilesPage);
