/**
 * bpmnlint's findings in the UI language. bpmnlint's rules report English
 * text and no message id, so each bundled rule is wrapped: its reporter
 * replaces the message by the catalog's text for that rule (`lint.<rule>`),
 * filled from the BPMN metamodel of the element the rule checked (e.g.
 * "process" or "sub-process" from the node's type, never from the text).
 *
 * Two exceptions read the English message, and only the rule's own fixed
 * wording, because bpmnlint gives nothing else to tell the cases apart:
 * - rules with more than one fixed message whose cases the metamodel alone
 *   does not separate (`global`: unused vs. not unique; overlapping vs.
 *   outside the parent), matched exactly against that rule's wording;
 * - `link-event`, whose messages carry the link name as a parameter that is
 *   not on the reported element in a form the rule states (it compares
 *   scopes), so the name is taken from between the rule's `<…>`.
 * A message that matches none of these shows in English rather than wrongly.
 */
import type { MessageKey } from '../../shared/i18n/messages-en.ts';
import { t } from '../i18n/locale-controller.ts';
import type { RuleFactory } from './lint-config.ts';

interface ModdleNode {
  id?: string;
  $type?: string;
  $instanceOf?(type: string): boolean;
  flowElements?: ModdleNode[];
  sourceRef?: ModdleNode;
  targetRef?: ModdleNode;
}

interface Reporter {
  report(id: string, message: string, path?: unknown): void;
}

type Check = (node: ModdleNode, reporter: Reporter) => unknown;
interface Rule {
  check: Check | { enter?: Check; leave?: Check };
}

type Translation = { key: MessageKey; params?: Record<string, string> } | null;
type Translator = (message: string, node: ModdleNode, reportedId: string) => Translation;

const isA = (node: ModdleNode | undefined, type: string): boolean => node?.$instanceOf?.(type) === true;
const scope = (node: ModdleNode): Record<string, string> => ({
  scope: t(isA(node, 'bpmn:SubProcess') ? 'lint.scope.subProcess' : 'lint.scope.process'),
});
const fixed =
  (key: MessageKey): Translator =>
  () => ({ key });
/** For rules with several fixed messages: the rule's exact English wording → key. */
const oneOf =
  (wordings: Readonly<Record<string, MessageKey>>): Translator =>
  (message) =>
    Object.hasOwn(wordings, message) ? { key: wordings[message]! } : null;

const translators: Readonly<Record<string, Translator>> = {
  'ad-hoc-sub-process': (_message, node, reportedId) => {
    const reported = node.flowElements?.find((element) => element.id === reportedId);
    if (isA(reported, 'bpmn:StartEvent')) return { key: 'lint.ad-hoc-sub-process.start' };
    if (isA(reported, 'bpmn:EndEvent')) return { key: 'lint.ad-hoc-sub-process.end' };
    return null;
  },
  'conditional-flows': fixed('lint.conditional-flows'),
  'end-event-required': (_message, node) => ({ key: 'lint.end-event-required', params: scope(node) }),
  'event-based-gateway': (_message, node, reportedId) => ({
    key:
      reportedId === node.id ? 'lint.event-based-gateway.outgoing' : 'lint.event-based-gateway.conditional',
  }),
  'event-sub-process-typed-start-event': fixed('lint.event-sub-process-typed-start-event'),
  'fake-join': fixed('lint.fake-join'),
  global: oneOf({
    'Element is missing name': 'lint.global.name',
    'Element is unused': 'lint.global.unused',
    'Element name is not unique': 'lint.global.unique',
  }),
  'label-required': fixed('lint.label-required'),
  'link-event': (message, node, reportedId) => {
    if (message === 'Link event is missing link name') return { key: 'lint.link-event.name' };
    const name = /<(.*)>/.exec(message)?.[1];
    if (name === undefined) return null;
    if (message.startsWith('Duplicate link catch event'))
      return { key: 'lint.link-event.duplicate', params: { name } };
    // A throw event is reported when its catch is missing, a catch event when its throw is.
    const reported = node.flowElements?.find((element) => element.id === reportedId);
    return isA(reported, 'bpmn:IntermediateThrowEvent')
      ? { key: 'lint.link-event.noCatch', params: { name } }
      : { key: 'lint.link-event.noThrow', params: { name } };
  },
  'no-bpmndi': fixed('lint.no-bpmndi'),
  'no-complex-gateway': fixed('lint.no-complex-gateway'),
  'no-disconnected': fixed('lint.no-disconnected'),
  'no-duplicate-sequence-flows': (_message, node, reportedId) => {
    if (reportedId === node.id) return { key: 'lint.no-duplicate-sequence-flows.flow' };
    if (reportedId === node.sourceRef?.id) return { key: 'lint.no-duplicate-sequence-flows.outgoing' };
    if (reportedId === node.targetRef?.id) return { key: 'lint.no-duplicate-sequence-flows.incoming' };
    return null;
  },
  'no-gateway-join-fork': fixed('lint.no-gateway-join-fork'),
  'no-implicit-end': fixed('lint.no-implicit-end'),
  'no-implicit-split': fixed('lint.no-implicit-split'),
  'no-implicit-start': fixed('lint.no-implicit-start'),
  'no-inclusive-gateway': fixed('lint.no-inclusive-gateway'),
  'no-overlapping-elements': oneOf({
    'Element overlaps with other element': 'lint.no-overlapping-elements.overlap',
    'Element is outside of parent boundary': 'lint.no-overlapping-elements.outside',
  }),
  'single-blank-start-event': (_message, node) => ({
    key: 'lint.single-blank-start-event',
    params: scope(node),
  }),
  'single-event-definition': fixed('lint.single-event-definition'),
  'start-event-required': (_message, node) => ({ key: 'lint.start-event-required', params: scope(node) }),
  'sub-process-blank-start-event': fixed('lint.sub-process-blank-start-event'),
  'superfluous-gateway': fixed('lint.superfluous-gateway'),
  'superfluous-label': fixed('lint.superfluous-label'),
  'superfluous-termination': fixed('lint.superfluous-termination'),
};

/** The message a rule reported, in the UI language (the English original when the rule is not known). */
function translateLintMessage(rule: string, message: string, node: ModdleNode, reportedId: string): string {
  const translation = Object.hasOwn(translators, rule) ? translators[rule]!(message, node, reportedId) : null;
  return translation ? t(translation.key, translation.params) : message;
}

function translatingReporter(rule: string, node: ModdleNode, reporter: Reporter): Reporter {
  return {
    report: (id, message, path) => reporter.report(id, translateLintMessage(rule, message, node, id), path),
  };
}

function wrapCheck(rule: string, check: Check): Check {
  return (node, reporter) => check(node, translatingReporter(rule, node, reporter));
}

/** The rule factory whose findings read in the UI language at the time lint runs. */
function translatedRule(rule: string, factory: RuleFactory): RuleFactory {
  return (config?: unknown) => {
    const made = factory(config) as Rule;
    const { check } = made;
    return {
      ...made,
      check:
        typeof check === 'function'
          ? wrapCheck(rule, check)
          : {
              ...(check.enter ? { enter: wrapCheck(rule, check.enter) } : {}),
              ...(check.leave ? { leave: wrapCheck(rule, check.leave) } : {}),
            },
    };
  };
}

export function translatedRules(rules: Readonly<Record<string, RuleFactory>>): Record<string, RuleFactory> {
  return Object.fromEntries(
    Object.entries(rules).map(([name, factory]) => [name, translatedRule(name, factory)]),
  );
}
