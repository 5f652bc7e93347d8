/**
 * Lints BPMN text outside the editor, with the editor's own bundled bpmnlint
 * rules and severities (lint-config.ts) and the same translated messages
 * (lint-messages.ts): the release pre-flight sees exactly the errors, in the
 * words, the editor's Problems list would show.
 */
import Linter from 'bpmnlint/lib/linter.js';
import { BpmnModdle } from 'bpmn-moddle';
import { bundledLintConfig, bundledRules } from '../lint/lint-config.ts';
import { translatedRules } from '../lint/lint-messages.ts';

export interface LintError {
  /** The BPMN element the error is about. */
  id: string;
  /** Its name, when it has one (the list names elements, not ids). */
  name: string | null;
  rule: string;
  message: string;
}

type ModdleElement = { id?: string; name?: string };

/** The errors (not warnings) bpmnlint finds; throws when the text is not BPMN at all. */
export async function lintErrors(xml: string): Promise<LintError[]> {
  const { rootElement, elementsById } = (await new BpmnModdle().fromXML(xml)) as unknown as {
    rootElement: unknown;
    elementsById: Record<string, ModdleElement | undefined>;
  };
  // The same translated rules as the editor: the messages read in the UI language.
  const results = await new Linter(bundledLintConfig(translatedRules(bundledRules))).lint(rootElement);
  return Object.entries(results).flatMap(([rule, reports]) =>
    reports
      .filter((report) => report.category === 'error')
      .map((report) => {
        const id = report.id ?? '';
        const name = elementsById[id]?.name?.trim();
        return { id, name: name || null, rule, message: report.message };
      }),
  );
}
