import type { LanesClient } from '../bridge/lanes-client.ts';

/**
 * A lint rule's documentation, opened in the system browser through main
 * (which opens only allow-listed bpmnlint pages). The renderer itself opens
 * no windows: the shell denies them.
 */
export async function openRuleDocs(
  client: LanesClient | undefined,
  url: string,
  onError: (error: unknown) => void,
): Promise<void> {
  if (!client) return;
  try {
    await client.request('help.openRuleDocs', { url });
  } catch (error) {
    onError(error);
  }
}

/**
 * The rule link bpmn-js-bpmnlint writes into its canvas popover
 * (`<a target="_blank">`, which the desktop shell refuses): its address when
 * `event` is a click on one, so the caller can hand it to main instead.
 */
export function ruleLinkClicked(event: Event): string | null {
  const link = (event.target as Element | null)?.closest?.('.bjsl-issues a[href]');
  const href = link?.getAttribute('href');
  return href ? href : null;
}
