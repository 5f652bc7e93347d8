/**
 * bpmnlint's report (rule → findings) as the problems list shows it: one
 * row per element and rule, errors first, each pointing at the element to
 * select and at the rule's documentation.
 */
type ProblemSeverity = 'error' | 'warning' | 'info';

export interface Problem {
  elementId: string;
  rule: string;
  message: string;
  severity: ProblemSeverity;
  /** How the list names the element ("Task “Check order”"); the id when not labelled. */
  label?: string;
  /** The rule's documentation page, as bpmnlint names it (opened through main, allow-listed). */
  docsUrl?: string;
}

interface RawFinding {
  id?: unknown;
  message?: unknown;
  category?: unknown;
  meta?: { documentation?: { url?: unknown } };
}

const severityOf = (category: unknown): ProblemSeverity =>
  category === 'warn' ? 'warning' : category === 'info' ? 'info' : 'error';
const order: Record<ProblemSeverity, number> = { error: 0, warning: 1, info: 2 };

type LintReport = Readonly<Record<string, readonly RawFinding[] | undefined>>;

/**
 * The findings of rules that ran. A rule that crashed ('rule-error') is not a
 * problem of the diagram: it means lint could not check it (see `crashedRules`),
 * which must not block publishing as if the user had made a mistake.
 */
export function toProblems(report: LintReport): Problem[] {
  // One finding per element and rule: a rule that reports the same element twice (a label and its
  // shape, two paths to one node) is one problem, at its most severe.
  const byElementAndRule = new Map<string, Problem>();
  for (const [rule, findings] of Object.entries(report)) {
    for (const finding of findings ?? []) {
      if (finding.category === 'rule-error') continue;
      const elementId = typeof finding.id === 'string' ? finding.id : '';
      const key = `${elementId}\u0000${rule}`;
      const severity = severityOf(finding.category);
      const known = byElementAndRule.get(key);
      if (known && order[known.severity] <= order[severity]) continue;
      const url = finding.meta?.documentation?.url;
      byElementAndRule.set(key, {
        elementId,
        rule,
        message: typeof finding.message === 'string' ? finding.message : rule,
        severity,
        ...(typeof url === 'string' ? { docsUrl: url } : {}),
      });
    }
  }
  return [...byElementAndRule.values()].sort(
    (a, b) =>
      order[a.severity] - order[b.severity] ||
      a.elementId.localeCompare(b.elementId) ||
      a.rule.localeCompare(b.rule),
  );
}

/** The elements with at least one error, in list order: what blocks a publish, by element. */
export function elementsWithErrors(problems: readonly Problem[]): Problem[] {
  const seen = new Map<string, Problem>();
  for (const problem of problems)
    if (problem.severity === 'error' && !seen.has(problem.elementId)) seen.set(problem.elementId, problem);
  return [...seen.values()];
}

export function countProblems(problems: readonly Problem[]): { errors: number; warnings: number } {
  return {
    errors: problems.filter((p) => p.severity === 'error').length,
    warnings: problems.filter((p) => p.severity === 'warning').length,
  };
}

/** "rule: message" for each rule that crashed on this diagram; empty when all ran. */
export function crashedRules(report: LintReport): string[] {
  return Object.entries(report).flatMap(([rule, findings]) =>
    (findings ?? [])
      .filter((finding) => finding.category === 'rule-error')
      .map((finding) => `${rule}: ${typeof finding.message === 'string' ? finding.message : 'failed'}`),
  );
}

/** The banner of a publish lint blocked: the number of errors and the elements they are on, by name. */
export function blockedNotice(problems: readonly Problem[]): {
  kind: 'blocked';
  errors: number;
  elements: string[];
} {
  return {
    kind: 'blocked',
    errors: countProblems(problems).errors,
    elements: elementsWithErrors(problems).map((problem) => problem.label || problem.elementId),
  };
}
