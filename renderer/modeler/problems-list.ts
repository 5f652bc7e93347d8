import { html } from 'lit';
import { t } from '../i18n/locale-controller.ts';
import type { Problem } from './lint-problems.ts';

/** Lint results; a row selects its element on the canvas (click, Enter or Space: they are buttons). */
export function renderProblems(problems: readonly Problem[], onSelect: (elementId: string) => void): unknown {
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
                html`<li>
                  <button
                    type="button"
                    class="editor-problem"
                    data-testid="editor-problem"
                    data-severity=${problem.severity}
                    data-element-id=${problem.elementId}
                    @click=${() => onSelect(problem.elementId)}
                  >
                    <span class="editor-problem-severity">${t(`editor.problems.${problem.severity}`)}</span>
                    <span class="editor-problem-element" data-testid="editor-problem-element"
                      >${problem.label || problem.elementId}</span
                    >
                    <span class="editor-problem-message">${problem.message}</span>
                  </button>
                </li>`,
            )}
          </ul>`
    }
  </section>`;
}
