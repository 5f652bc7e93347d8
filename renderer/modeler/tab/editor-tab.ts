import { html, nothing } from 'lit';
import type { EditorDocument, EditorTarget } from '../../../shared/domain/editor.ts';
import { LanesError } from '../../../shared/ipc/errors.ts';
import { t } from '../../i18n/locale-controller.ts';
import { ClientElement } from '../../base/client-element.ts';
import { navigateEvent } from '../../base/routes.ts';
import { OpenedOnce } from '../../base/opened-once.ts';
import { DiagramSession } from '../canvas/diagram-session.ts';
import { prepareSpareModeler } from '../canvas/spare-modeler.ts';
import { READABLE_ZOOM, initialView, sameView, type CanvasView } from '../canvas/open-view.ts';
import {
  badgeOf,
  renderCanvasArea,
  renderFailure,
  renderFileChangedBanner,
  renderNotice,
  renderRecoveryBanner,
  renderTabHeader,
  type TabBadge,
  type TabNotice,
} from './editor-banners.ts';
import type { TabSource } from './editor-tabs.ts';
import { renderToolbar } from './editor-toolbar.ts';
import { FileActions } from './file-actions.ts';
import { renderProblems } from './problems-list.ts';
import { countProblems } from '../canvas/lint-problems.ts';
import { followRuleLinks, openRuleDocs } from './rule-docs-links.ts';
import {
  ImportLossView,
  renderEncodingNote,
  renderGeneratedLayoutNote,
  renderImportLossBanner,
  renderImportWarnings,
  renderLintUnavailable,
} from './real-world-notices.ts';
import { LinkActions } from './landscape-links/link-actions.ts';
import { renderElementStateBanner } from './element-state-banner.ts';
import { ProcessActions } from './process-actions.ts';
import { ProcessFollower } from './process-follower.ts';
import { PublishActions } from './publish-actions.ts';
import { PrintActions } from './print-actions.ts';
import { RecoveryActions } from './recovery-actions.ts';
import { renderShortcutsSheet } from './shortcuts-sheet.ts';
import type { TabContext } from './tab-context.ts';
import type { TabCommandId } from '../../../shared/domain/editor-actions.ts';
import { TabState } from './tab-state.ts';
import { renderSidePanels } from '../../workbench/editor-panels.ts';
import { TabLayout } from './tab-layout.ts';
import { tabActionRunners } from './tab-action-runners.ts';

export interface TabStatus {
  key: string;
  title: string;
  dirty: boolean;
  badge: TabBadge;
}

/**
 * One open diagram: a process (draft, live or cached) or a local file.
 * Owns the diagram session, loads, runs the toolbar and renders, and tells
 * the workspace its title, dirty state and badge. The process (open, new
 * version, drafts), the local file, the recovery slot and publishing have
 * their own modules, which act on the tab through a TabContext.
 */
export class EditorTab extends ClientElement {
  static override properties = {
    tabKey: { attribute: false },
    source: { attribute: false },
    active: { type: Boolean },
    phase: { state: true },
    failure: { state: true },
    // Set at most once a frame while the view moves; drawn again only when something shown differs.
    view: { state: true, hasChanged: (next: CanvasView, last?: CanvasView) => !sameView(next, last) },
    minimapOpen: { state: true },
    shortcutsOpen: { state: true },
  };
  declare tabKey: string;
  declare source: TabSource;
  declare active: boolean;
  declare phase: 'loading' | 'ready' | 'failed';
  declare failure: string | null;
  /** What the canvas shows: the zoom level, the Fit buttons' words, the edge hints. */
  declare view: CanvasView;
  declare minimapOpen: boolean;
  declare shortcutsOpen: boolean;
  /** The document, notice and busy state; the action modules change them only through it. */
  readonly state = new TabState(this);
  #session: DiagramSession | null = null;
  /** An element to show and select once the diagram is drawn (a link to it, e.g. from the pre-flight). */
  #pendingReveal: string | null = null;
  #unsubscribe: Array<() => void> = [];
  readonly #layout = new TabLayout(
    () => this.requestUpdate(),
    () => this.#session,
  );
  readonly #context: TabContext = {
    tab: this,
    session: () => this.#session,
    target: () => this.#target,
    reportError: (error) => this.reportError(error),
    reportStatus: () => this.#reportStatus(),
  };
  readonly #files = new FileActions(this.#context);
  readonly #recovery = new RecoveryActions(this.#context);
  readonly #follower = new ProcessFollower(this.#context);
  readonly #publishing = new PublishActions(this.#context);
  readonly #process = new ProcessActions(this.#context, this.#recovery);
  readonly #losses = new ImportLossView();
  readonly #links = new LinkActions(this.#context);
  readonly #printing = new PrintActions(this.#context);
  readonly #shortcutsSheet = new OpenedOnce();

  constructor() {
    super();
    this.active = false;
    this.phase = 'loading';
    this.failure = null;
    this.view = initialView;
    this.minimapOpen = false;
    this.shortcutsOpen = false;
    followRuleLinks(this, this.#openDocs);
  }

  /** A lint rule's documentation, in the system browser through main (the list's links, the canvas popover's). */
  readonly #openDocs = (url: string): void =>
    void openRuleDocs(this.client, url, (error) => this.reportError(error));

  /** For the tab's own rendering; the action modules read and change them through `state`. */
  get doc(): EditorDocument | null {
    return this.state.doc;
  }

  get notice(): TabNotice | null {
    return this.state.notice;
  }

  get busy(): boolean {
    return this.state.busy;
  }

  get problemsOpen(): boolean {
    return this.#layout.problemsOpen;
  }

  set problemsOpen(open: boolean) {
    this.#layout.problemsOpen = open;
  }

  get dirty(): boolean {
    return this.#session?.dirty ?? false;
  }

  /** Unsaved, or a save still on its way to main (the tab already shows it clean). */
  get unsettled(): boolean {
    return this.dirty || this.#process.saving !== null;
  }

  /** Resolves when no save is on its way any more (a failed one has made the tab dirty again). */
  async settled(): Promise<void> {
    await this.#process.saving?.catch(() => {});
  }

  get #target(): EditorTarget | null {
    return this.source?.kind === 'process' ? this.source.target : null;
  }

  /** The process's cached rendering, asked for before the tab first renders (see #start). */
  #previewShown: Promise<void> | null = null;

  protected override willUpdate(): void {
    // Asked for before the tab's first render, so main answers while the page draws the tab around it.
    const target = this.#target;
    if (!this.hasUpdated && target) this.#previewShown = this.#process.showPreview(target);
  }

  protected override firstUpdated(): void {
    const container = this.querySelector<HTMLElement>('.editor-canvas');
    const propertiesParent = this.querySelector<HTMLElement>('.editor-properties');
    if (!container || !propertiesParent) return;
    void this.#start(container, propertiesParent);
  }

  /**
   * A process's cached rendering is asked for first (before the tab's first
   * render) and painted before the Modeler is put in place (made ahead in
   * idle time, spare-modeler.ts, or made now): nothing of the editor stands
   * between the click and the preview (renderer/modeler/canvas/cached-preview.ts).
   */
  async #start(container: HTMLElement, propertiesParent: HTMLElement): Promise<void> {
    const target = this.#target;
    await this.#previewShown;
    if (!this.isConnected) return;
    performance.mark('lanes.open.modeler');
    this.#session = new DiagramSession({
      container,
      propertiesParent,
      readOnly: target !== null,
      onChange: () => {
        this.#publishing.followLint();
        this.requestUpdate();
        this.#reportStatus();
      },
      ...(target ? this.#recovery.sessionOptions(target) : {}),
    });
    this.#layout.attach(this.#session);
    this.#session.onViewChange((view) => (this.view = view));
    this.#links.attach();
    performance.measure('lanes.open.modeler', 'lanes.open.modeler');
    void this.#load();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#layout.connect();
    this.#subscribe();
  }

  protected override updated(changed: Map<string, unknown>): void {
    if (changed.has('active') && this.active) this.#session?.resized();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#layout.disconnect();
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    this.#unsubscribe = [];
    this.#files.release();
    this.#session?.destroy();
    this.#session = null;
  }

  #subscribe(): void {
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    this.#unsubscribe = [
      // Main says where this process stands (outbox, publish outcomes, element state): nothing to ask.
      ...this.#follower.follow(this.client),
      this.client.on('files.changed', (change) => this.#files.onDiskChange(change)),
    ];
  }

  /** Whether this tab shows the process in the culture (a publish outcome is then shown here). */
  shows(id: string, culture: number): boolean {
    return this.#target?.id === id && this.#target.culture === culture;
  }

  #reportStatus(): void {
    const file = this.#files.file;
    const title = file?.name ?? this.doc?.name ?? (this.#target?.id || t('editor.heading'));
    const detail: TabStatus = {
      key: this.tabKey,
      title,
      dirty: this.dirty,
      badge: file ? null : badgeOf(this.doc),
    };
    this.dispatchEvent(new CustomEvent<TabStatus>('tab-status', { detail, bubbles: true }));
  }

  // ——— Loading ———

  async #load(): Promise<void> {
    const session = this.#session;
    if (!session) return;
    this.phase = 'loading';
    try {
      if (this.source.kind === 'file') await this.#files.load(this.source, session);
      else await this.#process.open(this.source.target, session);
      // Lint follows by itself (bpmn-js-bpmnlint on import.done, lint-scheduler.ts, after the first paint).
      this.phase = 'ready';
      this.#revealPending();
    } catch (error) {
      this.phase = 'failed';
      // A typed error from main is shown by the shell; bpmn-js's own refusal (it cannot import the
      // diagram) is the reason shown here, once, and is no fault inside Lanes.
      if (error instanceof LanesError) {
        this.failure = null;
        this.reportError(error);
      } else this.failure = error instanceof Error ? error.message : String(error);
    }
    this.#reportStatus();
    // The next tab's Modeler, made once this open has settled (spare-modeler.ts).
    prepareSpareModeler();
  }

  /** Shows and selects this BPMN element: now when the diagram is drawn, else once it is. */
  reveal(elementId: string): void {
    this.#pendingReveal = elementId;
    if (this.phase === 'ready') this.#revealPending();
  }

  #revealPending(): void {
    const id = this.#pendingReveal;
    this.#pendingReveal = null;
    if (id && this.#session?.has(id)) this.#session.select(id);
  }

  // ——— Saving ———

  /** Ctrl+S: the draft (process) or the file; true when it is stored. */
  async save(): Promise<boolean> {
    if (!this.#session || this.phase !== 'ready' || this.#session.readOnly) return false;
    return this.#files.file ? this.#files.save(false) : this.#process.saveDraft();
  }

  /** Closing the tab without saving: nothing of it is offered for recovery later. */
  async discardForClose(): Promise<void> {
    await this.#recovery.clearForClose();
  }

  /** An action of the table (shared/domain/editor-actions.ts) from the menu or a key: what its button runs. */
  runAction(action: TabCommandId): void {
    if (!this.#session || this.phase !== 'ready') return;
    void this.#onAction(action);
  }

  // ——— Toolbar ———

  /** The toolbar's, the menu's and the keys' actions alike: the runner of the same id. */
  async #onAction(action: TabCommandId): Promise<void> {
    const session = this.#session;
    if (!session) return;
    await tabActionRunners[action]({
      tab: this,
      session,
      target: this.#target,
      files: this.#files,
      printing: this.#printing,
      process: this.#process,
      publish: () => this.#publish(),
    });
  }

  /** A draft save still on its way is stored first: the outbox sends the stored draft. */
  async #publish(newVersion = false): Promise<void> {
    await this.settled();
    await this.#publishing.publish(newVersion);
  }

  /** Compare versions for this process, where the sent version stands beside the server's. */
  #openCompare(): void {
    const target = this.#target;
    if (target)
      this.dispatchEvent(
        navigateEvent({ name: 'compare', facet: target.facet, view: target.view, id: target.id }),
      );
  }

  // ——— Rendering ———

  protected override render(): unknown {
    const session = this.#session;
    const doc = this.doc;
    const problems = session?.problems ?? [];
    const file = this.#files.file;
    const fileBanner = this.#files.banner;
    const recoveryAt = this.#recovery.offeredAt;
    const preview = this.#process.preview;
    const importWarnings = session?.importWarnings ?? [];
    this.#losses.sync(importWarnings);
    const rerender = (): void => this.requestUpdate();
    // Banners come and go over the top of the canvas: the diagram never jumps when one does.
    const banners = html` ${renderElementStateBanner(doc, this.state.readOnlyReason, {
      busy: this.busy,
      onCreateVersion: () => void this.#process.createVersion(),
      onPublishIntoNewVersion: () => void this.#publish(true),
    })}
    ${
      recoveryAt
        ? renderRecoveryBanner(
            recoveryAt,
            () => void this.#recovery.restore(),
            () => void this.#recovery.discard(),
          )
        : nothing
    }
    ${renderFileChangedBanner(
      fileBanner,
      () => void this.#files.reload(),
      () => void this.#files.keepMine(),
    )}
    ${renderImportLossBanner(importWarnings.length, this.#losses, rerender)}
    ${renderEncodingNote(this.#files.convertedFrom, () => this.#files.dismissConversion())}
    ${renderGeneratedLayoutNote(session?.layoutGenerated ?? null, () => {
      if (session) session.layoutGenerated = null;
      rerender();
    })}
    ${this.phase === 'ready' ? renderLintUnavailable(session?.lintUnavailable ?? null) : nothing}
    ${renderNotice(
      this.notice,
      () => void this.#publish(true),
      { canSelect: (id) => session?.has(id) ?? false, onSelect: (id) => session?.select(id) },
      this.#target ? () => void this.#follower.restoreSent() : undefined,
      this.#target ? () => this.#openCompare() : undefined,
    )}`;
    return html`<section class="editor-tab" data-testid="editor-tab-panel" data-phase=${this.phase}>
      ${renderTabHeader(doc ?? null, file, this.phase)}
      ${renderToolbar(
        {
          kind: file ? 'file' : 'process',
          ready: this.phase === 'ready',
          readOnly: session?.readOnly ?? true,
          busy: this.busy,
          canUndo: session?.canUndo ?? false,
          canRedo: session?.canRedo ?? false,
          resolving: doc?.publish.state === 'conflict' || doc?.publish.state === 'review',
          minimapOpen: this.minimapOpen,
          problemCounts: countProblems(problems),
          zoom: this.view.zoom,
          wholeZoom: this.view.wholeZoom,
          wholeReadable: this.view.wholeZoom >= READABLE_ZOOM,
          ...this.#layout.toolbarState(),
        },
        (action) => void this.#onAction(action),
      )}
      ${renderFailure(this.phase, this.failure)}
      <div class="editor-body">
        ${renderCanvasArea(this.phase, preview, banners, this.view)}
        ${renderSidePanels(this.#layout.drag, {
          importWarnings: renderImportWarnings(
            importWarnings,
            this.#losses,
            (id) => session?.select(id),
            rerender,
          ),
          hasImportWarnings: importWarnings.length > 0 && this.#losses.listOpen,
          // Built only while shown: thousands of findings would be rebuilt after every edit.
          problems: this.problemsOpen
            ? renderProblems(problems, { onSelect: (id) => session?.select(id), onDocs: this.#openDocs })
            : nothing,
        })}
      </div>
      ${this.#shortcutsSheet.render(this.shortcutsOpen, (open) =>
        renderShortcutsSheet(open, () => (this.shortcutsOpen = false)),
      )}
      ${this.#publishing.renderWarningsDialog()} ${file ? this.#process.renderPicker() : nothing}
      ${file ? this.#files.renderLossesDialog() : nothing} ${this.#links.renderPicker()}
      ${this.#printing.render(file?.name ?? null)}
    </section>`;
  }
}
customElements.define('lanes-editor-tab', EditorTab);
