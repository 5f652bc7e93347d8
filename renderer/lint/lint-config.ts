/**
 * bpmnlint's recommended rules, bundled: the rules are imported statically so
 * esbuild puts them into the renderer bundle (no loader, no file system), and
 * a tiny resolver hands them to bpmn-js-bpmnlint by name.
 */
import { bundledRules, recommendedSeverities, type RuleFactory } from '../../shared/lint/bundled-rules.ts';

export { bundledRules, type RuleFactory };

interface LintResolver {
  resolveRule(pkg: string, ruleName: string): RuleFactory | undefined;
  resolveConfig(pkg: string, configName: string): { rules: Record<string, string> } | undefined;
}

interface BundledLintConfig {
  config: { rules: Record<string, string> };
  resolver: LintResolver;
}

/** The `{ config, resolver }` pair bpmn-js-bpmnlint takes as `linting.bpmnlint`. */
export function bundledLintConfig(
  rules: Readonly<Record<string, RuleFactory>> = bundledRules,
  severities: Readonly<Record<string, string>> = recommendedSeverities,
): BundledLintConfig {
  return {
    config: { rules: { ...severities } },
    resolver: {
      // Only bpmnlint's own rules are bundled; an unknown name makes bpmnlint report it.
      resolveRule: (pkg, ruleName) =>
        pkg === 'bpmnlint' && Object.hasOwn(rules, ruleName) ? rules[ruleName] : undefined,
      resolveConfig: (pkg, configName) =>
        pkg === 'bpmnlint' && configName === 'recommended' ? { rules: { ...severities } } : undefined,
    },
  };
}
