import type { Page } from 'playwright';

/**
 * Chooses a release transition on the element page the way a modeler does:
 * the usual one is the primary button, every other one is in the "Other
 * transitions" menu beside it.
 */
export async function chooseTransition(page: Page, transitionId: string): Promise<void> {
  const primary = page.locator(`[data-testid=release-primary][data-transition-id=${transitionId}]`);
  if ((await primary.count()) > 0) return primary.click();
  await page.getByTestId('release-more').click();
  await page.getByTestId(`release-to-${transitionId}`).click();
}
