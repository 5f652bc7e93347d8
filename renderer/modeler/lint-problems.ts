/**
 * bpmnlint's report (rule → findings) as the problems list shows it: one
 * row per finding, errors first, each pointing at the element to select.
 */
export type ProblemSeverity = 'error' | 'warning' | 'info';

export interface Problem {
  elementId: string;
  rule: string;
  message: string;
  severity: ProblemSeverity;
  /** How the list names the element ("Task “Check order”"); the id when not labelled. */
  label?: string;
}

interface RawFinding {
  id?: unknown;
  message?: unknown;
  category?: unknown;
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
  const problems: Problem[] = [];
  for (const [rule, findings] of Object.entries(report)) {
    for (const finding of findings ?? []) {
      if (finding.category === 'rule-error') continue;
      problems.push({
        elementId: typeof finding.id === 'string' ? finding.id : '',
        rule,
        message: typeof finding.message === 'string' ? finding.message : rule,
        severity: severityOf(finding.category),
      });
    }
  }
  return problems.sort(
    (a, b) => order[a.severity] - order[b.severity] || a.elementId.localeCompare(b.elementId),
  );
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
