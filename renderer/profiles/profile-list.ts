import { html, nothing } from 'lit';
import type { ConnectionTest, ProfileSummary } from '../../shared/domain/profiles.ts';
import { t } from '../i18n/locale-controller.ts';
import { LightElement } from '../base/light-element.ts';
import './connection-test-results.ts';

type ProfileAction = 'use' | 'edit' | 'remove' | 'test';
export interface ProfileActionDetail {
  action: ProfileAction;
  name: string;
}
export interface TestState {
  running: boolean;
  results?: ConnectionTest;
}

/** The saved profiles, the current one marked; each with switch, edit, test and remove. */
class ProfileList extends LightElement {
  static override properties = {
    profiles: { attribute: false },
    tests: { attribute: false },
  };
  declare profiles: ProfileSummary[];
  declare tests: ReadonlyMap<string, TestState>;

  constructor() {
    super();
    this.profiles = [];
    this.tests = new Map();
  }

  #act(action: ProfileAction, name: string): void {
    this.dispatchEvent(
      new CustomEvent<ProfileActionDetail>('profile-action', { detail: { action, name }, bubbles: true }),
    );
  }

  #renderProfile(profile: ProfileSummary): unknown {
    const test = this.tests.get(profile.name);
    const address = profile.fields.processBaseUrl ?? profile.fields.reportingBaseUrl;
    return html`<li
      class="profile-item ${profile.current ? 'is-current' : ''}"
      data-profile=${profile.name}
      aria-current=${profile.current ? 'true' : 'false'}
    >
      <div class="profile-summary">
        <h3 class="profile-name">${profile.name}</h3>
        ${
          profile.current
            ? html`<span class="current-badge" data-testid="current-badge">${t('profiles.current')}</span>`
            : nothing
        }
        <span class="muted profile-address">${address ?? t('profiles.notUsed')}</span>
      </div>
      <div class="profile-actions">
        ${
          profile.current
            ? nothing
            : html`<button
                type="button"
                class="primary"
                data-action="use"
                aria-label=${t('profiles.switchTo', { name: profile.name })}
                @click=${() => this.#act('use', profile.name)}
              >
                ${t('profiles.action.switchTo')}
              </button>`
        }
        <button
          type="button"
          aria-disabled=${test?.running ? 'true' : 'false'}
          data-action="test"
          aria-label=${t('profiles.test', { name: profile.name })}
          @click=${() => this.#act('test', profile.name)}
        >
          ${t('profiles.action.test')}
        </button>
        <button
          type="button"
          data-action="edit"
          aria-label=${t('profiles.edit', { name: profile.name })}
          @click=${() => this.#act('edit', profile.name)}
        >
          ${t('profiles.action.edit')}
        </button>
        <button
          type="button"
          data-action="remove"
          aria-label=${t('profiles.remove', { name: profile.name })}
          @click=${() => this.#act('remove', profile.name)}
        >
          ${t('profiles.action.remove')}
        </button>
      </div>
      ${
        test
          ? html`<lanes-connection-test-results
              .profileName=${profile.name}
              .results=${test.results}
              ?running=${test.running}
            ></lanes-connection-test-results>`
          : nothing
      }
    </li>`;
  }

  protected override render(): unknown {
    if (this.profiles.length === 0) return html`<p class="muted">${t('profiles.empty')}</p>`;
    return html`<ul class="profile-list" aria-label=${t('profiles.listLabel')}>
      ${this.profiles.map((profile) => this.#renderProfile(profile))}
    </ul>`;
  }
}
customElements.define('lanes-profile-list', ProfileList);
