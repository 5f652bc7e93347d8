/**
 * Publishing from a process tab: runs the publish flow (which also resolves a
 * waiting conflict or review), asks about lint warnings, and follows the
 * outbox as it sends, so the tab's badge and notice stay true.
 */
import { html } from 'lit';
import { OpenedOnce } from '../../base/opened-once.ts';
import { t } from '../../i18n/locale-controller.ts';
import { blockedNotice, type Problem } from '../canvas/lint-problems.ts';
import { publishDiagram } from './publish-flow.ts';
import type { TabContext } from './tab-context.ts';
import '../../base/confirm-dialog.ts';

export class PublishActions {
  readonly #context: TabContext;
  /** Publish is waiting for the user to accept this many lint warnings (0: no question open). */
  #warningsToConfirm = 0;
  readonly #warningsDialog = new OpenedOnce();
  #answerWarnings: ((publish: boolean) => void) | null = null;

  constructor(context: TabContext) {
    this.#context = context;
  }

  async publish(newVersion = false): Promise<void> {
    const { tab } = this.#context;
    const target = this.#context.target();
    const session = this.#context.session();
    const { client, state } = tab;
    const doc = state.doc;
    if (!target || !session || !doc) return;
    state.say(t('editor.publish.running'));
    try {
      await state.whileBusy(async () => {
        const answer = await publishDiagram({
          client,
          session,
          target,
          doc,
          newVersion,
          confirmWarnings: (count) =>
            new Promise<boolean>((resolve) => {
              this.#warningsToConfirm = count;
              this.#answerWarnings = resolve;
              tab.requestUpdate();
            }),
        });
        // Published: the answer only acknowledges it; `editor.published` has shown the outcome already.
        if (answer.result?.outcome === 'published') return;
        // Queued into a new version: the banner over the draft says so already.
        state.tell(newVersion && answer.notice?.kind === 'queued' ? null : answer.notice);
        if (answer.blocked) tab.problemsOpen = true;
        // The document main answered for a publish queued, held or refused: its state and what it allows, the
        // canvas left as it is. A process released meanwhile makes the tab read-only (its state derives it), the
        // draft kept, with the way on in its banner (element-state-banner.ts).
        if (answer.document) state.show(answer.document);
        else if (answer.publish) state.update({ publish: answer.publish });
      });
    } catch (error) {
      state.tell(null);
      this.#context.reportError(error);
    } finally {
      this.#context.reportStatus();
    }
  }

  #answer(publish: boolean): void {
    this.#warningsToConfirm = 0;
    this.#answerWarnings?.(publish);
    this.#answerWarnings = null;
    this.#context.tab.requestUpdate();
  }

  /** The question "publish despite N lint warnings?", open while a publish waits for it. */
  renderWarningsDialog(): unknown {
    // Read from the session while open: lint runs again on a language change, so they follow it.
    const warnings: Problem[] =
      this.#warningsToConfirm > 0
        ? (this.#context.session()?.problems ?? []).filter((problem) => problem.severity === 'warning')
        : [];
    return this.#warningsDialog.render(
      this.#warningsToConfirm > 0,
      (open) =>
        html`<lanes-confirm-dialog
          data-testid="editor-warnings-dialog"
          .open=${open}
          .heading=${t('editor.publish.warnings.heading')}
          .body=${html`<p>${t('editor.publish.warnings.body', { count: this.#warningsToConfirm })}</p>
            <ul class="publish-warnings" data-testid="editor-warnings-list">
              ${warnings.map(
                (warning) =>
                  html`<li data-testid="editor-warning" data-element-id=${warning.elementId}>
                    <strong>${warning.label || warning.elementId}</strong>: ${warning.message}
                  </li>`,
              )}
            </ul>`}
          .confirmLabel=${t('editor.publish.warnings.confirm')}
          .cancelLabel=${t('editor.close.cancel')}
          @dialog-confirm=${() => this.#answer(true)}
          @dialog-cancel=${() => this.#answer(false)}
        ></lanes-confirm-dialog>`,
    );
  }

  /**
   * Lint ran again after an edit: "Fix the N errors" follows the diagram, so it
   * shows the errors left and goes once none is.
   */
  followLint(): void {
    const { state } = this.#context.tab;
    const session = this.#context.session();
    const shown = state.notice;
    if (shown?.kind !== 'blocked' || !session) return;
    const notice = blockedNotice(session.problems);
    if (notice.errors === 0) state.tell(null);
    else if (notice.elements.join('\n') !== shown.elements.join('\n')) state.tell(notice);
  }
}
