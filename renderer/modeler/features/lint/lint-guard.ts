/**
 * Keeps bpmn-js-bpmnlint from ever breaking the editor. The add-on lints on
 * every import and change, and its promise chain has no error handler: on a
 * diagram it cannot map to the canvas (e.g. bpmn-moddle's
 * namespace-redefinition fixture, whose plane points at the definitions) it
 * throws "Cannot read properties of null (reading 'id')" as an unhandled
 * rejection. This module wraps the two places that can fail, records why, and
 * lets the rest of the editor (problems list, publish) say "lint unavailable"
 * instead.
 */
import { lintSchedulerModule } from './lint-scheduler.ts';

interface LintingLike {
  lint(): Promise<Record<string, unknown[]>>;
  _formatIssues(issues: unknown): unknown;
}

interface EventBusLike {
  on(event: string, callback: () => void): void;
}

/** Why lint could not check the diagram last time it ran; null when it could. */
export class LintGuard {
  static $inject = ['linting', 'eventBus'];
  /** Linting itself failed (the rules could not run). */
  #lintFailure: string | null = null;
  /** The add-on could not place its findings on this diagram's canvas. */
  #formatFailure: string | null = null;

  constructor(linting: LintingLike, eventBus: EventBusLike) {
    const lint = linting.lint.bind(linting);
    linting.lint = () => {
      let running: Promise<Record<string, unknown[]>>;
      try {
        running = lint();
      } catch (error) {
        running = Promise.reject(error as Error);
      }
      return running.then(
        (report) => {
          this.#lintFailure = null;
          return report;
        },
        (error: unknown) => {
          this.#lintFailure = firstLine(error);
          return {};
        },
      );
    };
    const format = linting._formatIssues.bind(linting);
    linting._formatIssues = (issues: unknown) => {
      try {
        const formatted = format(issues);
        this.#formatFailure = null;
        return formatted;
      } catch (error) {
        this.#formatFailure = firstLine(error);
        return {};
      }
    };
    // A new diagram gets a fresh chance.
    eventBus.on('import.parse.start', () => {
      this.#lintFailure = null;
      this.#formatFailure = null;
    });
  }

  get failure(): string | null {
    return this.#lintFailure ?? this.#formatFailure;
  }
}

const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

export const lintGuardModule = {
  // Loaded after the scheduler (and so after bpmnlint's module): it wraps the 'linting' service they made.
  __depends__: [lintSchedulerModule],
  __init__: ['lanesLintGuard'],
  lanesLintGuard: ['type', LintGuard],
};
