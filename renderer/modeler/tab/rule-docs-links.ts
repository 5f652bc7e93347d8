import type { LanesClient } from '../../bridge/lanes-client.ts';

/**
 * A lint rule's documentation, opened in the system browser through main
 * (which opens only allow-listed bpmnlint pages). The renderer itself opens
 * no windows: the shell denies them.
 */
export async function openRuleDocs(
  client: LanesClient,
  url: string,
  onError: (error: unknown) => void,
): Promise<void> {
  try {
    await client.request('help.openRuleDocs', { url });
  } catch (error) {
    onError(error);
  }
}

/**
 * The rule links bpmn-js-bpmnlint writes into its canvas popover
 * (`<a target="_blank">`, which the desktop shell refuses): a click on one
 * inside `host` is handed to `open` (main) instead of the browser.
 */
export function followRuleLinks(host: HTMLElement, open: (url: string) => void): void {
  host.addEventListener(
    'click',
    (event) => {
      const href = (event.target as Element | null)?.closest?.('.bjsl-issues a[href]')?.getAttribute('href');
      if (!href) return;
      event.preventDefault();
      open(href);
    },
    true,
  );
}
