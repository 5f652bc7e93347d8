/**
 * Where a bpmnlint rule is documented, and the one check main makes before it
 * hands a link to the system browser: only the documentation page of a rule
 * Lanes bundles, exactly as bpmnlint names it. Anything else a renderer might
 * send (another site, a lookalike host, a path outside the rules) is refused.
 * Plain strings, no schemas: the renderer's start bundle may import it.
 */
const RULE_DOCS = 'https://github.com/bpmn-io/bpmnlint/blob/main/docs/rules/';
const RULE_NAME = /^[a-z][a-z0-9-]{0,80}$/;

export function ruleDocsUrl(rule: string): string | null {
  return RULE_NAME.test(rule) ? `${RULE_DOCS}${rule}.md` : null;
}

/** True for the documentation page of one of `rules`, written exactly as bpmnlint writes it. */
export function isRuleDocsUrl(url: string, rules: readonly string[]): boolean {
  if (!url.startsWith(RULE_DOCS) || !url.endsWith('.md')) return false;
  const rule = url.slice(RULE_DOCS.length, -'.md'.length);
  return RULE_NAME.test(rule) && rules.includes(rule) && ruleDocsUrl(rule) === url;
}
