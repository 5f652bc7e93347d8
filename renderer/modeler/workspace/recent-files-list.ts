import { html, nothing } from 'lit';
import type { RecentFile } from '../../../shared/domain/recent-files.ts';
import { t } from '../../i18n/locale-controller.ts';
import { ClientElement } from '../../base/client-element.ts';
import './recent-files.css';

/** The folder a file is in, for telling apart files of the same name. */
function folderOf(path: string): string {
  const at = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return at > 0 ? path.slice(0, at) : path;
}

/**
 * The recent local files on the editor's start page: one click opens one
 * (`recent-open` with its path); a file that is gone says so and can be
 * removed from the list. Follows main's list as it changes.
 */
class RecentFilesList extends ClientElement {
  static override properties = {
    files: { state: true },
  };
  declare files: RecentFile[];
  #stop: (() => void) | undefined;

  constructor() {
    super();
    this.files = [];
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#stop = this.client.on('files.recentChanged', ({ files }) => (this.files = files));
    // Shown (again, when the last tab closed): whether a file is still there may have changed meanwhile.
    void this.#load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stop?.();
    this.#stop = undefined;
  }

  async #load(): Promise<void> {
    try {
      this.files = await this.client.request('files.recent', {});
    } catch (error) {
      this.reportError(error);
    }
  }

  async #forget(path: string | null): Promise<void> {
    try {
      this.files =
        path === null
          ? await this.client.request('files.clearRecent', {})
          : await this.client.request('files.forgetRecent', { path });
    } catch (error) {
      this.reportError(error);
    }
  }

  #open(file: RecentFile): void {
    this.dispatchEvent(new CustomEvent('recent-open', { detail: file.path, bubbles: true }));
  }

  #renderRow(file: RecentFile): unknown {
    return html`<li
      class="recent-file"
      data-testid="recent-file"
      data-name=${file.name}
      data-missing=${String(!file.exists)}
    >
      ${
        file.exists
          ? html`<button
              type="button"
              class="recent-file-open"
              data-testid="recent-file-open"
              title=${file.path}
              @click=${() => this.#open(file)}
            >
              <span class="recent-file-name">${file.name}</span>
              <span class="recent-file-folder">${folderOf(file.path)}</span>
            </button>`
          : html`<div class="recent-file-open recent-file-gone" title=${t('recentFiles.missingHint')}>
              <span class="recent-file-name"
                >${file.name}
                <span class="recent-file-missing" data-testid="recent-file-missing"
                  >${t('recentFiles.missing')}</span
                ></span
              >
              <span class="recent-file-folder">${folderOf(file.path)}</span>
            </div>`
      }
      <button
        type="button"
        class="recent-file-remove"
        data-testid="recent-file-remove"
        aria-label=${t('recentFiles.removeLabel', { name: file.name })}
        @click=${() => void this.#forget(file.path)}
      >
        ${t('recentFiles.remove')}
      </button>
    </li>`;
  }

  protected override render(): unknown {
    return html`<section
      class="recent-files"
      data-testid="recent-files"
      aria-labelledby="recent-files-heading"
    >
      <h3 id="recent-files-heading">${t('recentFiles.heading')}</h3>
      ${
        this.files.length === 0
          ? html`<p class="muted">${t('recentFiles.none')}</p>`
          : html`<ul class="recent-file-list">
                ${this.files.map((file) => this.#renderRow(file))}
              </ul>
              ${
                this.files.length > 1
                  ? html`<button
                      type="button"
                      data-testid="recent-files-clear"
                      @click=${() => void this.#forget(null)}
                    >
                      ${t('recentFiles.clear')}
                    </button>`
                  : nothing
              }`
      }
    </section>`;
  }
}
customElements.define('lanes-recent-files', RecentFilesList);
