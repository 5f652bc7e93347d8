import { html, nothing } from 'lit';
import type { ProfileSave, ProfileSummary } from '../../shared/domain/profiles.ts';
import { t } from '../i18n/locale-controller.ts';
import { ClientElement } from '../base/client-element.ts';
import type { ProfileActionDetail, TestState } from './profile-list.ts';
import type { ProfileSubmitDetail } from './profile-form.ts';
import './profile-list.ts';
import './profile-form.ts';
import '../base/confirm-dialog.ts';
import './profiles.css';

type Protection = { available: boolean; backend: string; weak: boolean };
/** What the page shows besides the list: nothing, the form for a new profile, or for an existing one. */
type Editing = { mode: 'add' } | { mode: 'edit'; name: string } | undefined;

/** Connection profiles: add, edit, remove, switch and test tenants. */
class ProfilesPage extends ClientElement {
  static override properties = {
    profiles: { state: true },
    protection: { state: true },
    editing: { state: true },
    saving: { state: true },
    tests: { state: true },
    removing: { state: true },
    announcement: { state: true },
  };
  declare profiles: ProfileSummary[] | undefined;
  declare protection: Protection | undefined;
  declare editing: Editing;
  declare saving: boolean;
  declare tests: ReadonlyMap<string, TestState>;
  /** The profile the remove dialog asks about. */
  declare removing: string | undefined;
  /** The outcome of the last action, for the live region. */
  declare announcement: string;
  /** Where focus goes after the next render (a selector), e.g. back to the button that opened the form. */
  #focusNext: string | undefined;

  constructor() {
    super();
    this.saving = false;
    this.tests = new Map();
    this.announcement = '';
  }

  protected override firstUpdated(): void {
    void this.#load();
  }

  protected override updated(): void {
    if (this.#focusNext) {
      const target = this.querySelector<HTMLElement>(this.#focusNext);
      this.#focusNext = undefined;
      target?.focus();
    }
  }

  async #load(): Promise<void> {
    try {
      const [profiles, protection] = await Promise.all([
        this.client.request('profiles.list', {}),
        this.client.request('profiles.protection', {}),
      ]);
      this.profiles = profiles;
      this.protection = protection;
    } catch (error) {
      this.profiles ??= [];
      this.reportError(error);
    }
  }

  #openForm(editing: Exclude<Editing, undefined>): void {
    this.editing = editing;
    this.announcement = '';
  }

  #closeForm(focus: string): void {
    this.editing = undefined;
    this.#focusNext = focus;
  }

  #rowButton(name: string, action: string): string {
    return `li[data-profile="${CSS.escape(name)}"] button[data-action="${action}"]`;
  }

  async #onSubmit(detail: ProfileSubmitDetail): Promise<void> {
    this.saving = true;
    try {
      this.profiles = await this.client.request('profiles.save', detail.request);
      this.#afterSave(detail.request);
      if (detail.andTest) void this.#test(detail.request.name);
    } catch (error) {
      this.reportError(error);
    } finally {
      this.saving = false;
    }
  }

  #afterSave(request: ProfileSave): void {
    this.announcement = t('profiles.saved', { name: request.name });
    // Test results of the old settings no longer describe the profile.
    const tests = new Map(this.tests);
    tests.delete(request.name);
    this.tests = tests;
    this.#closeForm(this.#rowButton(request.name, 'edit'));
  }

  async #onAction({ action, name }: ProfileActionDetail): Promise<void> {
    switch (action) {
      case 'edit':
        this.#openForm({ mode: 'edit', name });
        return;
      case 'remove':
        this.removing = name;
        return;
      case 'test':
        await this.#test(name);
        return;
      case 'use':
        await this.#use(name);
    }
  }

  async #use(name: string): Promise<void> {
    try {
      this.profiles = await this.client.request('profiles.use', { name });
      this.announcement = t('profiles.switched', { name });
      // The "Switch to" button is gone now that this profile is current.
      this.#focusNext = this.#rowButton(name, 'test');
    } catch (error) {
      this.reportError(error);
    }
  }

  async #test(name: string): Promise<void> {
    if (this.tests.get(name)?.running) return;
    this.#setTest(name, { running: true });
    try {
      const results = await this.client.request('profiles.test', { name });
      this.#setTest(name, { running: false, results });
    } catch (error) {
      this.#setTest(name, undefined);
      this.reportError(error);
    }
  }

  #setTest(name: string, state: TestState | undefined): void {
    const tests = new Map(this.tests);
    if (state) tests.set(name, state);
    else tests.delete(name);
    this.tests = tests;
  }

  async #confirmRemove(): Promise<void> {
    const name = this.removing;
    if (!name) return;
    // Close first, so the dialog hands focus back before the row disappears; then move it on.
    this.removing = undefined;
    try {
      this.profiles = await this.client.request('profiles.remove', { name });
      this.#setTest(name, undefined);
      this.announcement = t('profiles.removed', { name });
      this.#focusNext = '[data-testid=add-profile]';
    } catch (error) {
      this.reportError(error);
    }
  }

  #renderProtection(): unknown {
    const p = this.protection;
    if (!p || !p.weak) return nothing;
    const key = p.available ? 'profiles.protection.weak' : 'profiles.protection.unavailable';
    return html`<div class="protection-warning" role="note" data-testid="protection-warning">
      <span class="warning-mark" aria-hidden="true">⚠</span>
      <p>${t(key, { backend: p.backend })}</p>
    </div>`;
  }

  #renderBody(): unknown {
    const profiles = this.profiles;
    if (!profiles) return html`<p class="muted">${t('profiles.loading')}</p>`;
    const editing = this.editing;
    if (editing) {
      const profile = editing.mode === 'edit' ? profiles.find((p) => p.name === editing.name) : undefined;
      return html`<lanes-profile-form
        .profile=${profile}
        .existingNames=${profiles.map((p) => p.name)}
        ?busy=${this.saving}
        @profile-submit=${(e: CustomEvent<ProfileSubmitDetail>) => void this.#onSubmit(e.detail)}
        @profile-cancel=${() =>
          this.#closeForm(
            editing.mode === 'edit' ? this.#rowButton(editing.name, 'edit') : '[data-testid=add-profile]',
          )}
      ></lanes-profile-form>`;
    }
    return html`<button
        type="button"
        class="primary"
        data-testid="add-profile"
        @click=${() => this.#openForm({ mode: 'add' })}
      >
        ${t('profiles.add')}
      </button>
      <lanes-profile-list
        .profiles=${profiles}
        .tests=${this.tests}
        @profile-action=${(e: CustomEvent<ProfileActionDetail>) => void this.#onAction(e.detail)}
      ></lanes-profile-list>`;
  }

  protected override render(): unknown {
    return html`<section class="panel profiles-page" aria-labelledby="profiles-heading">
      <h2 id="profiles-heading">${t('profiles.heading')}</h2>
      <p class="muted">${t('profiles.intro')}</p>
      ${this.#renderProtection()}
      <p class="profiles-live-status" role="status" data-testid="profiles-announcement">
        ${this.announcement}
      </p>
      ${this.#renderBody()}
      <lanes-confirm-dialog
        ?open=${this.removing !== undefined}
        .tone=${'danger'}
        .heading=${t('profiles.confirmRemove.title', { name: this.removing ?? '' })}
        .body=${t('profiles.confirmRemove.body')}
        .confirmLabel=${t('profiles.confirmRemove.confirm')}
        .cancelLabel=${t('profiles.confirmRemove.cancel')}
        @dialog-confirm=${() => void this.#confirmRemove()}
        @dialog-cancel=${() => (this.removing = undefined)}
      ></lanes-confirm-dialog>
    </section>`;
  }
}
customElements.define('lanes-profiles-page', ProfilesPage);
