import { LanesError } from '../../shared/ipc/errors.ts';
import { bundledRules } from '../../shared/lint/bundled-rules.ts';
import { isRuleDocsUrl } from '../../shared/lint/rule-docs.ts';

/** The operating system's browser (Electron's shell.openExternal); absent where there is none (CLI). */
export type OpenExternal = (url: string) => Promise<void>;

const RULES = Object.keys(bundledRules);

/**
 * Opens a lint rule's documentation in the system browser. The renderer
 * never opens windows (navigation and window.open are denied), so a link it
 * wants followed comes here, and only the documentation page of a rule Lanes
 * bundles is handed to the OS: nothing else reaches shell.openExternal.
 */
export async function openRuleDocs(url: string, open: OpenExternal | undefined): Promise<{ opened: true }> {
  if (!isRuleDocsUrl(url, RULES))
    throw new LanesError({
      code: 'link.refused',
      message: 'Only the documentation pages of Lanes’ lint rules are opened.',
      params: {},
    });
  if (!open)
    throw new LanesError({
      code: 'link.unavailable',
      message: `Web pages cannot be opened here. The rule is described at ${url}`,
      params: { url },
    });
  await open(url);
  return { opened: true };
}
