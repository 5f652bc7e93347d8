import { LitElement } from 'lit';
import type { LanesErrorData } from '../../shared/ipc/errors.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import { LocaleController } from '../i18n/locale-controller.ts';

/**
 * Lanes components render into the light DOM so that one stylesheet (the app's
 * and bpmn-js's, loaded by <link> under the CSP) styles everything, including
 * the bpmn-js canvas, which cannot live inside a shadow root's style scope.
 */
export class LightElement extends LitElement {
  protected readonly locale = new LocaleController(this);

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  /** Hands an error to the app shell, which shows it as a message. */
  protected reportError(error: unknown): void {
    this.dispatchEvent(
      new CustomEvent<LanesErrorData>('lanes-error', { detail: toErrorData(error), bubbles: true }),
    );
  }
}

export function toErrorData(error: unknown): LanesErrorData {
  if (error instanceof LanesError) return error.toData();
  // Not a typed error: a defect of Lanes. The message shown stays general; the log gets the stack.
  console.error(
    'Unexpected error in the window:',
    error instanceof Error ? (error.stack ?? error.message) : error,
  );
  return {
    code: 'internal',
    message: error instanceof Error ? error.message : String(error),
    params: {},
    details: [],
  };
}
