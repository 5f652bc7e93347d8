/**
 * bpmnlint's recommended rules, imported statically: esbuild bundles them
 * into the renderer (no loader, no file system), and main lints cached
 * diagrams with exactly the same rules and severities.
 */
import recommended from 'bpmnlint/config/recommended.js';
import adHocSubProcess from 'bpmnlint/rules/ad-hoc-sub-process.js';
import conditionalFlows from 'bpmnlint/rules/conditional-flows.js';
import endEventRequired from 'bpmnlint/rules/end-event-required.js';
import eventBasedGateway from 'bpmnlint/rules/event-based-gateway.js';
import eventSubProcessTypedStartEvent from 'bpmnlint/rules/event-sub-process-typed-start-event.js';
import fakeJoin from 'bpmnlint/rules/fake-join.js';
import global from 'bpmnlint/rules/global.js';
import labelRequired from 'bpmnlint/rules/label-required.js';
import linkEvent from 'bpmnlint/rules/link-event.js';
import noBpmndi from 'bpmnlint/rules/no-bpmndi.js';
import noComplexGateway from 'bpmnlint/rules/no-complex-gateway.js';
import noDisconnected from 'bpmnlint/rules/no-disconnected.js';
import noDuplicateSequenceFlows from 'bpmnlint/rules/no-duplicate-sequence-flows.js';
import noGatewayJoinFork from 'bpmnlint/rules/no-gateway-join-fork.js';
import noImplicitEnd from 'bpmnlint/rules/no-implicit-end.js';
import noImplicitSplit from 'bpmnlint/rules/no-implicit-split.js';
import noImplicitStart from 'bpmnlint/rules/no-implicit-start.js';
import noInclusiveGateway from 'bpmnlint/rules/no-inclusive-gateway.js';
import noOverlappingElements from 'bpmnlint/rules/no-overlapping-elements.js';
import singleBlankStartEvent from 'bpmnlint/rules/single-blank-start-event.js';
import singleEventDefinition from 'bpmnlint/rules/single-event-definition.js';
import startEventRequired from 'bpmnlint/rules/start-event-required.js';
import subProcessBlankStartEvent from 'bpmnlint/rules/sub-process-blank-start-event.js';
import superfluousGateway from 'bpmnlint/rules/superfluous-gateway.js';
import superfluousLabel from 'bpmnlint/rules/superfluous-label.js';
import superfluousTermination from 'bpmnlint/rules/superfluous-termination.js';

export type RuleFactory = (config?: unknown) => unknown;

/** Rule name (as bpmnlint's recommended config names it) → rule factory. */
export const bundledRules: Readonly<Record<string, RuleFactory>> = {
  'ad-hoc-sub-process': adHocSubProcess,
  'conditional-flows': conditionalFlows,
  'end-event-required': endEventRequired,
  'event-based-gateway': eventBasedGateway,
  'event-sub-process-typed-start-event': eventSubProcessTypedStartEvent,
  'fake-join': fakeJoin,
  global,
  'label-required': labelRequired,
  'link-event': linkEvent,
  'no-bpmndi': noBpmndi,
  'no-complex-gateway': noComplexGateway,
  'no-disconnected': noDisconnected,
  'no-duplicate-sequence-flows': noDuplicateSequenceFlows,
  'no-gateway-join-fork': noGatewayJoinFork,
  'no-implicit-end': noImplicitEnd,
  'no-implicit-split': noImplicitSplit,
  'no-implicit-start': noImplicitStart,
  'no-inclusive-gateway': noInclusiveGateway,
  'no-overlapping-elements': noOverlappingElements,
  'single-blank-start-event': singleBlankStartEvent,
  'single-event-definition': singleEventDefinition,
  'start-event-required': startEventRequired,
  'sub-process-blank-start-event': subProcessBlankStartEvent,
  'superfluous-gateway': superfluousGateway,
  'superfluous-label': superfluousLabel,
  'superfluous-termination': superfluousTermination,
};

/** The severity of each rule in bpmnlint's recommended config ("error", "warn", "off"). */
export const recommendedSeverities: Readonly<Record<string, string>> = recommended.rules;
