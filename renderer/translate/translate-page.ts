/**
 * The translation workbench (#/translate/{facet}/{view}/{id}/{source}-{target}):
 * a process's texts in two content cultures side by side, translated with
 * the keyboard (Enter/Tab to the next row, F8 to the next missing text,
 * Ctrl+Z to undo), kept as drafts as they are typed, and published to the
 * service in the target culture. A small diagram shows the current row's element,
 * in the target culture with the texts as typed (marked as not yet published),
 * so the translator sees whether a longer text still fits before publishing.
 */
import { html, nothing, type PropertyValues } from 'lit';
import type { TranslationPublishResult, TranslationSheet } from '../../shared/domain/translation.ts';
import { targetText, type TranslationRow } from '../../shared/domain/translation-rows.ts';
import { ClientElement } from '../base/client-element.ts';
import { navigateEvent, type TranslateFilter } from '../base/routes.ts';
import { t, tError } from '../i18n/locale-controller.ts';
import { nextMissing, TranslationModel } from './translation-model.ts';
import { elementLabel, OVERSCAN, renderTable, ROW_HEIGHT } from './translation-table.ts';
import { renderFilters, renderHeader, renderNotices, type HeaderView } from './translate-header.ts';
import { languageName, languageTag, otherCulture, TRANSLATE_CULTURES } from './cultures.ts';
import { ExchangeController, renderImportDialog } from './exchange-view.ts';
import { onPageKey, onRowKey } from './workbench-keys.ts';
import { RowHeights, rowAt } from './row-heights.ts';
import './translation-diagram.ts';
import './translate.css';

/** How long typing may pause before the texts are saved. */
const SAVE_AFTER_MS = 400;
/** How long typing may pause before the diagram shows the new texts (redrawing on every key would lag). */
const PREVIEW_AFTER_MS = 200;
const NO_TEXTS: ReadonlyMap<string, string | null> = new Map();

class TranslatePage extends ClientElement {
  static override properties = {
    culture: { attribute: false },
    facet: { attribute: false },
    view: { attribute: false },
    elementId: { attribute: false },
    source: { attribute: false },
    target: { attribute: false },
    filter: { attribute: false },
    sheet: { state: true },
    failure: { state: true },
    search: { state: true },
    first: { state: true },
    selectedKey: { state: true },
    diagramSide: { state: true },
    saving: { state: true },
    publishing: { state: true },
    outcome: { state: true },
    preview: { state: true },
  };
  declare culture: number;
  declare facet: string;
  declare view: string;
  declare elementId: string;
  declare source: number | undefined;
  declare target: number | undefined;
  declare filter: TranslateFilter | undefined;
  declare sheet: TranslationSheet | null;
  declare failure: string;
  declare search: string;
  declare first: number;
  declare selectedKey: string | null;
  declare diagramSide: 'source' | 'target';
  declare saving: 'idle' | 'saving' | 'saved';
  declare publishing: boolean;
  declare outcome: TranslationPublishResult | null;
  /** The texts not yet published (drafts and queued), by row key, as the diagram shows them. */
  declare preview: ReadonlyMap<string, string | null>;
  #model: TranslationModel | null = null;
  /** The rows the filter and search chose, fixed until either changes (a row translated stays in view). */
  #shown: TranslationRow[] = [];
  #saveTimer: ReturnType<typeof setTimeout> | undefined;
  #previewTimer: ReturnType<typeof setTimeout> | undefined;
  /** The translator picked the diagram's language: typing no longer switches it to the target. */
  #sideChosen = false;
  readonly #heights = new RowHeights(ROW_HEIGHT);
  /** Row heights change when the table is narrowed or widened: measured again then. */
  readonly #resize = new ResizeObserver(() => this.requestUpdate());
  #saving: Promise<void> = Promise.resolve();
  #loaded = '';
  readonly #exchange = new ExchangeController(this, {
    client: () => this.client,
    sheet: () => this.sheet,
    model: () => this.#model,
    save: () => this.#save(),
    edited: () => this.#edited(),
    reportError: (error) => this.reportError(error),
  });

  constructor() {
    super();
    this.culture = 1033;
    this.sheet = null;
    this.failure = '';
    this.search = '';
    this.first = 0;
    this.selectedKey = null;
    this.diagramSide = 'source';
    this.saving = 'idle';
    this.publishing = false;
    this.outcome = null;
    this.preview = new Map();
    this.facet = '';
    this.view = '';
    this.elementId = '';
  }

  get #sourceCulture(): number {
    return this.source ?? (TRANSLATE_CULTURES.includes(this.culture) ? this.culture : 1031);
  }

  get #targetCulture(): number {
    const target = this.target ?? otherCulture(this.#sourceCulture);
    return target === this.#sourceCulture ? otherCulture(this.#sourceCulture) : target;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('keydown', this.#onDocumentKey);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('keydown', this.#onDocumentKey);
    this.#resize.disconnect();
    clearTimeout(this.#previewTimer);
    void this.#save();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const key = [this.facet, this.view, this.elementId, this.#sourceCulture, this.#targetCulture].join(
      '\u0000',
    );
    if (key !== this.#loaded) {
      this.#loaded = key;
      void this.#load();
    }
    if (changed.has('filter') && this.#model) this.#refilter();
  }

  async #load(): Promise<void> {
    await this.#save();
    this.sheet = null;
    this.failure = '';
    this.outcome = null;
    try {
      const sheet = await this.client.request('translation.open', {
        facet: this.facet,
        view: this.view,
        id: this.elementId,
        source: this.#sourceCulture as 1031,
        target: this.#targetCulture as 1033,
      });
      this.#show(sheet);
    } catch (error) {
      this.failure = tError(error as never);
      this.reportError(error);
    }
  }

  #show(sheet: TranslationSheet): void {
    this.#model = new TranslationModel(sheet.rows);
    this.sheet = sheet;
    this.#showPreview();
    this.#refilter();
  }

  /** The unpublished texts for the diagram, from the model as it is now. */
  #showPreview(): void {
    clearTimeout(this.#previewTimer);
    const texts = new Map<string, string | null>();
    for (const row of this.#model?.rows ?? []) if (row.edit) texts.set(row.key, targetText(row));
    this.preview = texts;
  }

  #refilter(): void {
    this.#shown = this.#model?.matching(this.filter ?? 'all', this.search) ?? [];
    this.first = 0;
    this.querySelector('.translate-table-scroll')?.scrollTo({ top: 0 });
    this.requestUpdate();
  }

  #languages() {
    return {
      source: languageName(this.#sourceCulture),
      target: languageName(this.#targetCulture),
      sourceTag: languageTag(this.#sourceCulture),
      targetTag: languageTag(this.#targetCulture),
    };
  }

  #go(changes: { source?: number; target?: number; state?: TranslateFilter }): void {
    this.dispatchEvent(
      navigateEvent({
        name: 'translate',
        facet: this.facet,
        view: this.view,
        id: this.elementId,
        source: changes.source ?? this.#sourceCulture,
        target: changes.target ?? this.#targetCulture,
        state: changes.state ?? this.filter ?? 'all',
      }),
    );
  }

  // Editing and saving --------------------------------------------------------------------------

  #edited(): void {
    this.saving = 'saving';
    clearTimeout(this.#saveTimer);
    this.#saveTimer = setTimeout(() => void this.#save(), SAVE_AFTER_MS);
    clearTimeout(this.#previewTimer);
    this.#previewTimer = setTimeout(() => this.#showPreview(), PREVIEW_AFTER_MS);
    // What is typed is seen in its own language, unless the translator chose the source's.
    if (!this.#sideChosen) this.diagramSide = 'target';
    this.requestUpdate();
  }

  /** Saves what changed since the last save; saves run one after the other, in order. */
  #save(): Promise<void> {
    clearTimeout(this.#saveTimer);
    const model = this.#model;
    const sheet = this.sheet;
    if (!model?.hasUnsaved || !sheet) return this.#saving;
    const edits = model.takeUnsaved();
    this.#saving = this.#saving.then(async () => {
      try {
        await this.client.request('translation.save', {
          id: sheet.id,
          source: sheet.source,
          target: sheet.target,
          edits,
        });
        if (this.#model === model) this.saving = model.hasUnsaved ? 'saving' : 'saved';
      } catch (error) {
        this.reportError(error);
      }
    });
    return this.#saving;
  }

  #undo(redo: boolean): void {
    const key = redo ? this.#model?.redo() : this.#model?.undo();
    if (!key) return;
    this.#edited();
    const index = this.#shown.findIndex((row) => row.key === key);
    if (index >= 0) void this.#focusRow(index);
  }

  async #publish(): Promise<void> {
    if (!this.sheet || this.publishing) return;
    this.publishing = true;
    try {
      await this.#save();
      const { facet, view, id, source, target } = this.sheet;
      const result = await this.client.request('translation.publish', { facet, view, id, source, target });
      this.outcome = result;
      this.#show(result.sheet);
      this.diagramSide = 'target';
    } catch (error) {
      this.reportError(error);
    } finally {
      this.publishing = false;
    }
  }

  // Keyboard and focus --------------------------------------------------------------------------

  readonly #onDocumentKey = (event: KeyboardEvent): void =>
    onPageKey(event, {
      undo: (redo) => this.#undo(redo),
      focusSearch: () => this.querySelector<HTMLInputElement>('.translate-search')?.focus(),
      save: () => void this.#save(),
      nextMissing: (back) => {
        const from = this.#shown.findIndex((row) => row.key === this.selectedKey);
        const next = nextMissing(this.#shown, from, back ? -1 : 1);
        if (next >= 0) void this.#focusRow(next);
      },
    });

  /** Scrolls a row into view if needed, draws it, and puts the caret in its target text. */
  async #focusRow(index: number): Promise<void> {
    const row = this.#shown[index];
    const scroller = this.querySelector<HTMLElement>('.translate-table-scroll');
    if (!row || !scroller) return;
    const head = this.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    const offsets = this.#offsets();
    const top = offsets[index]!;
    const bottom = offsets[index + 1]!;
    if (top < scroller.scrollTop) scroller.scrollTop = top;
    else if (bottom > scroller.scrollTop + scroller.clientHeight - head)
      scroller.scrollTop = bottom - scroller.clientHeight + head;
    this.#onScroll(scroller);
    await this.updateComplete;
    const field = this.querySelector<HTMLInputElement | HTMLTextAreaElement>(
      `.translate-target[data-key="${CSS.escape(row.key)}"]`,
    );
    field?.focus();
    field?.select();
  }

  #onScroll(scroller: HTMLElement): void {
    const first = Math.max(0, rowAt(this.#offsets(), scroller.scrollTop) - OVERSCAN);
    if (first !== this.first) this.first = first;
  }

  /** The tops of the rows shown, from the heights measured so far (a row with a long text is taller). */
  #offsets(): number[] {
    return this.#heights.offsets(this.#shown.map((row) => row.key));
  }

  /** Measures the rows drawn; when one is taller or shorter than thought, the spacers follow. */
  protected override updated(): void {
    const scroller = this.querySelector<HTMLElement>('.translate-table-scroll');
    if (scroller) this.#resize.observe(scroller);
    let changed = false;
    for (const row of this.querySelectorAll<HTMLElement>('.translate-row'))
      changed = this.#heights.set(row.dataset['key']!, row.getBoundingClientRect().height) || changed;
    if (changed) this.requestUpdate();
  }

  #select(row: TranslationRow): void {
    if (this.selectedKey !== row.key) this.#model?.leaveRow();
    this.selectedKey = row.key;
  }

  // Drawing -------------------------------------------------------------------------------------

  protected override render(): unknown {
    const sheet = this.sheet;
    if (this.failure)
      return html`<section class="translate-page"><p role="alert">${this.failure}</p></section>`;
    if (!sheet || !this.#model)
      return html`<section class="translate-page">
        <p class="muted" role="status">${t('translate.loading')}</p>
      </section>`;
    const languages = this.#languages();
    const scroller = this.querySelector<HTMLElement>('.translate-table-scroll');
    // Every row is at least ROW_HEIGHT tall, so this many rows always fill the view.
    const visible = Math.ceil((scroller?.clientHeight ?? 900) / ROW_HEIGHT) + 2 * OVERSCAN;
    const last = Math.min(this.#shown.length, this.first + visible);
    const offsets = this.#offsets();
    const selected = this.selectedKey ? this.#model.row(this.selectedKey) : undefined;
    return html`<section
      class="translate-page"
      data-testid="translate-page"
      aria-labelledby="translate-heading"
    >
      ${renderHeader(this.#headerView(sheet))} ${renderNotices(this.#headerView(sheet))}
      ${renderFilters(this.#headerView(sheet))}
      <div class="translate-body">
        <div class="translate-table-area">
          ${
            this.#model.rows.length === 0
              ? html`<p class="muted">${t('translate.empty')}</p>`
              : this.#shown.length === 0
                ? html`<p class="muted" data-testid="translate-no-matches">${t('translate.noMatches')}</p>`
                : renderTable({
                    rows: this.#shown,
                    first: this.first,
                    last,
                    above: offsets[this.first]!,
                    below: offsets[this.#shown.length]! - offsets[last]!,
                    selectedKey: this.selectedKey,
                    languages,
                    label: t('translate.tableLabel', { name: sheet.name, ...languages }),
                    onScroll: (event) => this.#onScroll(event.currentTarget as HTMLElement),
                    onSelect: (row) => this.#select(row),
                    onFocus: (row) => this.#select(row),
                    onInput: (row, text) => {
                      this.#model!.setText(row.key, text);
                      this.#edited();
                    },
                    onKeydown: (_row, index, event) => {
                      const next = onRowKey(event, index, this.#shown.length);
                      if (next !== null) void this.#focusRow(next);
                    },
                    onKeepMine: (row) => {
                      this.#model!.keepMine(row.key);
                      this.#edited();
                    },
                    onTakeTheirs: (row) => {
                      this.#model!.takeTheirs(row.key);
                      this.#edited();
                    },
                  })
          }
          <p class="translate-keys muted">${t('translate.keys')}</p>
        </div>
        <aside class="translate-diagram" aria-label=${t('translate.diagram.label', { name: sheet.name })}>
          <div class="translate-diagram-side" role="radiogroup" aria-label=${t('translate.diagram.show')}>
            <span class="muted">${t('translate.diagram.show')}</span>
            ${(['source', 'target'] as const).map(
              (side) =>
                html`<button
                  type="button"
                  role="radio"
                  aria-checked=${this.diagramSide === side ? 'true' : 'false'}
                  data-side=${side}
                  @click=${() => {
                    this.#sideChosen = true;
                    this.diagramSide = side;
                  }}
                >
                  ${languages[side]}
                </button>`,
            )}
          </div>
          ${this.#renderLegend(languages.target)}
          <lanes-translation-diagram
            data-testid="translate-diagram"
            .xml=${this.diagramSide === 'source' ? sheet.sourceXml : sheet.targetXml}
            .texts=${this.diagramSide === 'target' ? this.preview : NO_TEXTS}
            .selectedId=${selected?.id ?? null}
            @translate-select=${(event: CustomEvent<string>) => this.#selectElement(event.detail)}
          ></lanes-translation-diagram>
          ${selected ? html`<p class="muted translate-diagram-caption">${elementLabel(selected)}</p>` : nothing}
        </aside>
      </div>
      ${renderImportDialog(
        this.#exchange.preview,
        (key) => this.#model?.row(key),
        (apply) => this.#exchange.answer(apply),
      )}
    </section>`;
  }

  /** Says that the diagram shows texts not yet published, and how they are marked (or where to see them). */
  #renderLegend(target: string): unknown {
    const count = this.preview.size;
    if (count === 0) return nothing;
    return this.diagramSide === 'target'
      ? html`<p class="translate-diagram-legend" data-testid="translate-preview-legend">
          <span class="translate-unpublished-swatch" aria-hidden="true"></span>
          ${t('translate.diagram.unpublished', { count })}
        </p>`
      : html`<p class="translate-diagram-legend muted" data-testid="translate-preview-legend">
          ${t('translate.diagram.unpublishedElsewhere', { count, language: target })}
        </p>`;
  }

  #headerView(sheet: TranslationSheet): HeaderView {
    return {
      sheet,
      model: this.#model!,
      shown: this.#shown.length,
      filter: this.filter ?? 'all',
      search: this.search,
      saving: this.saving,
      publishing: this.publishing,
      outcome: this.outcome,
      go: (changes) => this.#go(changes),
      undo: (redo) => this.#undo(redo),
      publish: () => void this.#publish(),
      dismissOutcome: () => (this.outcome = null),
      exchangeMessage: this.#exchange.message,
      onExport: (choice) => void this.#exchange.export(choice),
      onImport: () => void this.#exchange.import(),
      dismissExchange: () => this.#exchange.dismiss(),
      onSearch: (text) => {
        this.search = text;
        this.#refilter();
      },
    };
  }

  #selectElement(id: string): void {
    const index = this.#shown.findIndex((row) => row.id === id);
    if (index >= 0) void this.#focusRow(index);
  }
}

customElements.define('lanes-translate-page', TranslatePage);
