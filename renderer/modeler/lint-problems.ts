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
}

interface RawFinding {
  id?: unknown;
  message?: unknown;
  category?: unknown;
}

const severityOf = (category: unknown): ProblemSeverity =>
  category === 'warn' ? 'warning' : category === 'info' ? 'info' : 'error';
const order: Record<ProblemSeverity, number> = { error: 0, warning: 1, info: 2 };

export function toProblems(report: Readonly<Record<string, readonly RawFinding[] | undefined>>): Problem[] {
  const problems: Problem[] = [];
  for (const [rule, findings] of Object.entries(report)) {
    for (const finding of findings ?? []) {
      problems.push({
        elementId: typeof finding.id === 'string' ? finding.id : '',
        rule,
        message: typeof finding.message === 'string' ? finding.message : rule,
        // A rule that crashed ('rule-error') is an error: the diagram could not be checked.
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
