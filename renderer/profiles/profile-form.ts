import { html, nothing, type PropertyValues } from 'lit';
import { insecureUrlFields, plainFieldNames, reportingRegions } from '../../shared/domain/profile-fields.ts';
import type { ProfileSave, ProfileSummary } from '../../shared/domain/profiles.ts';
import type { MessageKey } from '../../shared/i18n/translate.ts';
import { t } from '../i18n/locale-controller.ts';
import { LightElement } from '../base/light-element.ts';
import {
  draftFrom,
  reportingUrlOf,
  saveRequestOf,
  validateDraft,
  type DraftErrors,
  type DraftField,
  type PlainField,
  type ProfileDraft,
  type RegionChoice,
  type SecretField,
} from './profile-draft.ts';

export interface ProfileSubmitDetail {
  request: ProfileSave;
  /** "Save and test connection" rather than "Save". */
  andTest: boolean;
}

const regionChoices: RegionChoice[] = [
  'none',
  ...(Object.keys(reportingRegions) as RegionChoice[]),
  'custom',
];
/** Order of the fields on screen, which is also where focus goes for the first error. */
const fieldOrder: DraftField[] = ['name', ...plainFieldNames];

/**
 * Add or edit one profile. Fields are grouped per interface; secrets are
 * password inputs that start blank (a stored one is only reported as stored,
 * and blank keeps it). Fires `profile-submit` and `profile-cancel`.
 */
class ProfileForm extends LightElement {
  static override properties = {
    profile: { attribute: false },
    existingNames: { attribute: false },
    busy: { type: Boolean },
    draft: { state: true },
    errors: { state: true },
  };
  /** The profile to edit; undefined adds a new one. */
  declare profile: ProfileSummary | undefined;
  declare existingNames: readonly string[];
  declare busy: boolean;
  declare draft: ProfileDraft;
  declare errors: DraftErrors;
  /** Errors show after the first submit, then follow every edit. */
  #checked = false;

  constructor() {
    super();
    this.existingNames = [];
    this.busy = false;
    this.draft = draftFrom(undefined);
    this.errors = {};
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('profile')) {
      this.draft = draftFrom(this.profile);
      this.errors = {};
      this.#checked = false;
    }
  }

  protected override firstUpdated(): void {
    this.querySelector<HTMLElement>('.profile-form h2')?.focus();
  }

  #validate(): DraftErrors {
    return validateDraft(this.draft, {
      editing: this.profile !== undefined,
      existingNames: this.existingNames,
    });
  }

  #edit(mutate: (draft: ProfileDraft) => void): void {
    const draft = structuredClone(this.draft);
    mutate(draft);
    this.draft = draft;
    if (this.#checked) this.errors = this.#validate();
  }

  #submit(event: Event, andTest: boolean): void {
    event.preventDefault();
    if (this.busy) return;
    this.#checked = true;
    this.errors = this.#validate();
    const firstInvalid = fieldOrder.find((field) => this.errors[field]);
    if (firstInvalid) {
      void this.updateComplete.then(() =>
        this.querySelector<HTMLElement>(`#profile-${firstInvalid}`)?.focus(),
      );
      return;
    }
    this.dispatchEvent(
      new CustomEvent<ProfileSubmitDetail>('profile-submit', {
        detail: { request: saveRequestOf(this.draft), andTest },
        bubbles: true,
      }),
    );
  }

  #cancel(): void {
    this.dispatchEvent(new CustomEvent('profile-cancel', { bubbles: true }));
  }

  #describedBy(field: string, help: boolean): string {
    const ids = [
      help ? `profile-${field}-help` : '',
      this.errors[field as DraftField] ? `profile-${field}-error` : '',
    ];
    return ids.filter(Boolean).join(' ');
  }

  #error(field: DraftField): unknown {
    const key = this.errors[field];
    return key ? html`<p class="field-error" id="profile-${field}-error">${t(key)}</p>` : nothing;
  }

  #textField(field: PlainField, options: { type?: string; placeholder?: string } = {}): unknown {
    return html`<div class="form-field">
      <label for="profile-${field}">${t(`profiles.field.${field}`)}</label>
      <input
        id="profile-${field}"
        name=${field}
        type=${options.type ?? 'text'}
        autocomplete="off"
        spellcheck="false"
        .value=${this.draft.fields[field]}
        placeholder=${options.placeholder ?? ''}
        aria-invalid=${this.errors[field] ? 'true' : 'false'}
        aria-describedby=${this.#describedBy(field, true)}
        @input=${(e: Event) => this.#edit((d) => (d.fields[field] = (e.target as HTMLInputElement).value))}
      />
      <p class="field-help muted" id="profile-${field}-help">${t(`profiles.field.${field}.help`)}</p>
      ${this.#error(field)}
    </div>`;
  }

  #secretField(field: SecretField): unknown {
    const stored = this.profile?.secretsSet.includes(field) ?? false;
    return html`<div class="form-field">
      <label for="profile-${field}">${t(`profiles.field.${field}`)}</label>
      <input
        id="profile-${field}"
        name=${field}
        type="password"
        autocomplete="new-password"
        .value=${this.draft.secrets[field]}
        aria-describedby="profile-${field}-help profile-${field}-stored"
        @input=${(e: Event) => this.#edit((d) => (d.secrets[field] = (e.target as HTMLInputElement).value))}
      />
      <p class="field-help muted" id="profile-${field}-help">${t(`profiles.field.${field}.help`)}</p>
      <p
        class="field-help secret-state ${stored ? 'is-stored' : ''}"
        id="profile-${field}-stored"
        data-testid="secret-state-${field}"
      >
        ${t(stored ? 'profiles.secret.stored' : 'profiles.secret.notStored')}
      </p>
    </div>`;
  }

  #group(id: string, legend: MessageKey, help: MessageKey, content: unknown): unknown {
    return html`<fieldset class="form-group" aria-describedby="profile-group-${id}-help">
      <legend>${t(legend)}</legend>
      <p class="field-help muted" id="profile-group-${id}-help">${t(help)}</p>
      ${content}
    </fieldset>`;
  }

  #regionField(): unknown {
    return html`<div class="form-field">
        <label for="profile-reportingRegion">${t('profiles.field.reportingRegion')}</label>
        <select
          id="profile-reportingRegion"
          name="reportingRegion"
          aria-describedby="profile-reportingRegion-help"
          @change=${(e: Event) =>
            this.#edit((d) => (d.region = (e.target as HTMLSelectElement).value as RegionChoice))}
        >
          ${regionChoices.map(
            (choice) =>
              html`<option value=${choice} ?selected=${this.draft.region === choice}>
                ${t(`profiles.region.${choice}`)}${
                  choice in reportingRegions
                    ? ` (${new URL(reportingRegions[choice as keyof typeof reportingRegions]).host})`
                    : ''
                }
              </option>`,
          )}
        </select>
        <p class="field-help muted" id="profile-reportingRegion-help">
          ${t('profiles.field.reportingRegion.help')}
        </p>
      </div>
      ${
        this.draft.region === 'custom'
          ? this.#textField('reportingBaseUrl', { type: 'url', placeholder: 'https://' })
          : this.#error('reportingBaseUrl')
      }`;
  }

  /** Said while typing, before saving: tokens to such an address would travel unencrypted. */
  #renderInsecureWarning(): unknown {
    const insecure = insecureUrlFields({
      ...this.draft.fields,
      reportingBaseUrl: reportingUrlOf(this.draft),
    });
    if (insecure.length === 0) return nothing;
    return html`<div class="protection-warning" role="alert" data-testid="insecure-url-warning">
      <span class="warning-mark" aria-hidden="true">⚠</span>
      <p>
        ${t('profiles.insecureUrl', { fields: insecure.map((f) => t(`profiles.field.${f}`)).join(', ') })}
      </p>
    </div>`;
  }

  protected override render(): unknown {
    const editing = this.profile !== undefined;
    const invalid = this.#checked && Object.keys(this.errors).length > 0;
    return html`<form
      class="profile-form"
      novalidate
      @submit=${(e: Event) => this.#submit(e, false)}
      @keydown=${(e: KeyboardEvent) => {
        if (e.key === 'Escape' && !e.defaultPrevented) this.#cancel();
      }}
    >
      <h2 tabindex="-1">
        ${
          editing
            ? t('profiles.form.editHeading', { name: this.profile!.name })
            : t('profiles.form.addHeading')
        }
      </h2>
      <p class="muted">${t('profiles.form.requiredHint')}</p>
      ${
        invalid
          ? html`<p class="form-error-summary" role="alert">${t('profiles.invalid.summary')}</p>`
          : nothing
      }
      <div class="form-field">
        <label for="profile-name">${t('profiles.form.name')}</label>
        <input
          id="profile-name"
          name="name"
          autocomplete="off"
          required
          maxlength="60"
          ?readonly=${editing}
          .value=${this.draft.name}
          aria-invalid=${this.errors.name ? 'true' : 'false'}
          aria-describedby=${this.#describedBy('name', true)}
          @input=${(e: Event) => this.#edit((d) => (d.name = (e.target as HTMLInputElement).value))}
        />
        <p class="field-help muted" id="profile-name-help">${t('profiles.form.name.help')}</p>
        ${this.#error('name')}
      </div>
      ${this.#group(
        'process',
        'profiles.group.process',
        'profiles.group.process.help',
        html`${this.#textField('processBaseUrl', { type: 'url', placeholder: 'https://' })}
        ${this.#textField('collectionId')} ${this.#textField('storageId')} ${this.#secretField('authToken')}
        ${this.#secretField('bpmnToken')}`,
      )}
      ${this.#group(
        'reporting',
        'profiles.group.reporting',
        'profiles.group.reporting.help',
        html`${this.#regionField()} ${this.#textField('tenantId')} ${this.#secretField('reportingApiKey')}`,
      )}
      ${this.#group(
        'dataPush',
        'profiles.group.dataPush',
        'profiles.group.dataPush.help',
        html`${this.#textField('dataPushBaseUrl', { type: 'url', placeholder: 'https://' })}
        ${this.#secretField('dataPushKey')} ${this.#textField('poolId')}`,
      )}
      ${this.#renderInsecureWarning()}
      <div class="form-buttons">
        <button type="submit" class="primary" aria-disabled=${this.busy ? 'true' : 'false'}>
          ${t('profiles.form.save')}
        </button>
        <button
          type="button"
          aria-disabled=${this.busy ? 'true' : 'false'}
          @click=${(e: Event) => this.#submit(e, true)}
        >
          ${t('profiles.form.saveAndTest')}
        </button>
        <button type="button" @click=${() => this.#cancel()}>${t('profiles.form.cancel')}</button>
      </div>
    </form>`;
  }
}
customElements.define('lanes-profile-form', ProfileForm);
