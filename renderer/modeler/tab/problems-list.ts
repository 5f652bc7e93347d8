import { html, nothing } from 'lit';
import { t } from '../../i18n/locale-controller.ts';
import type { Problem } from '../canvas/lint-problems.ts';

interface ProblemActions {
  /** Selects the element on the canvas. */
  onSelect(elementId: string): void;
  /** Opens the rule's documentation (through main, in the system browser). */
  onDocs(url: string): void;
}

/**
 * Lint results, one row per element and rule: the row selects its element
 * (click, Enter or Space: it is a button); the rule's name beside it opens
 * the rule's documentation.
 */
export function renderProblems(problems: readonly Problem[], actions: ProblemActions): unknown {
  return html`<section
    class="editor-problems"
    data-testid="editor-problems"
    aria-labelledby="problems-heading"
  >
    <h3 id="problems-heading">${t('editor.problems.heading')}</h3>
    ${
      problems.length === 0
        ? html`<p class="muted" data-testid="editor-problems-none">${t('editor.problems.none')}</p>`
        : html`<ul>
            ${problems.map(
              (problem) =>
                html`<li class="editor-problem-row">
                  <button
                    type="button"
                    class="editor-problem"
                    data-testid="editor-problem"
                    data-severity=${problem.severity}
                    data-element-id=${problem.elementId}
                    data-rule=${problem.rule}
                    @click=${() => actions.onSelect(problem.elementId)}
                  >
                    <span class="editor-problem-severity">${t(`editor.problems.${problem.severity}`)}</span>
                    <span class="editor-problem-element" data-testid="editor-problem-element"
                      >${problem.label || problem.elementId}</span
                    >
                    <span class="editor-problem-message">${problem.message}</span>
                  </button>
                  ${
                    problem.docsUrl
                      ? html`<button
                          type="button"
                          class="editor-problem-docs link-button"
                          data-testid="editor-problem-docs"
                          title=${t('editor.problems.docs', { rule: problem.rule })}
                          aria-label=${t('editor.problems.docs', { rule: problem.rule })}
                          @click=${() => actions.onDocs(problem.docsUrl!)}
                        >
                          ${problem.rule}
                        </button>`
                      : nothing
                  }
                </li>`,
            )}
          </ul>`
    }
  </section>`;
}
