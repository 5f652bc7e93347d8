/**
 * bpmnlint's `Linter.lint`, with the same rules, order and report shape, but
 * in slices: one walk of the model tree that calls every rule at each node
 * (bpmnlint walks the whole tree once per rule), pausing every few
 * milliseconds so the page can handle input and paint in between. On a
 * 4,000-element diagram bpmnlint's single synchronous run blocked the page for
 * several hundred milliseconds after every edit.
 *
 * The walk is the one bpmnlint's `traverse` does (depth first, contained
 * properties in descriptor order, `enter` returning false skips a subtree —
 * for that rule only), so every rule sees exactly the nodes, in exactly the
 * order, it would see alone. A rule that throws reports one 'rule-error'
 * finding, as bpmnlint's `applyRule` does, and is not called again.
 */
import Linter from 'bpmnlint/lib/linter.js';

export interface ModdleNode {
  $descriptor: {
    isGeneric?: boolean;
    properties: readonly {
      name: string;
      isAttr?: boolean;
      isReference?: boolean;
      isMany?: boolean;
      type: string;
    }[];
  };
  [property: string]: unknown;
}

interface Reporter {
  report(id: string, message: string, path?: unknown): void;
}
type Check = (node: ModdleNode, reporter: Reporter) => unknown;
interface RuleDefinition {
  meta?: unknown;
  check: Check | { enter?: Check; leave?: Check };
}
interface ResolvedRule {
  name: string;
  rule: RuleDefinition;
  category: string;
}
/** The part of bpmnlint's Linter this uses (it ships without types). */
interface RuleResolving {
  config: unknown;
  resolveRules(config: unknown): Promise<ResolvedRule[]>;
}

type LintFinding = Record<string, unknown> & { id?: string; message: string; category: string };
export type LintReport = Record<string, LintFinding[]>;

/** Says when to pause; throwing from it (e.g. the model changed) abandons the run. */
type Pause = () => Promise<void>;

const simpleTypes = new Set(['String', 'Boolean', 'Integer', 'Real']);
/** Per descriptor: the properties bpmnlint's traverse descends into. */
const containedCache = new WeakMap<object, ModdleNode['$descriptor']['properties']>();

function containedProperties(descriptor: ModdleNode['$descriptor']): ModdleNode['$descriptor']['properties'] {
  let contained = containedCache.get(descriptor);
  if (!contained) {
    contained = descriptor.properties.filter((p) => !p.isAttr && !p.isReference && !simpleTypes.has(p.type));
    containedCache.set(descriptor, contained);
  }
  return contained;
}

/** One rule during the walk: its callbacks, its findings, whether it crashed. */
class RuleRun {
  readonly messages: Record<string, unknown>[] = [];
  readonly enter: Check | undefined;
  readonly leave: Check | undefined;
  readonly reporter: Reporter;
  failed: Error | null = null;
  readonly definition: ResolvedRule;

  constructor(definition: ResolvedRule) {
    this.definition = definition;
    const check = definition.rule.check;
    this.enter = typeof check === 'function' ? check : check.enter;
    this.leave = typeof check === 'function' ? undefined : check.leave;
    if (!this.enter && !this.leave) this.failed = new Error('no check implemented');
    // bpmnlint's Reporter: `path` as an array is kept as `path`, an object is spread into the report.
    this.reporter = {
      report: (id, message, path) => {
        let report: Record<string, unknown> = { id, message };
        if (Array.isArray(path)) report = { ...report, path };
        else if (path && typeof path === 'object') report = { ...report, ...path };
        this.messages.push(report);
      },
    };
  }

  call(callback: Check | undefined, node: ModdleNode): unknown {
    if (!callback || this.failed) return undefined;
    try {
      return callback(node, this.reporter);
    } catch (error) {
      this.failed = error instanceof Error ? error : new Error(String(error));
      console.error(`rule <${this.definition.name}> failed with error: `, error);
      return undefined;
    }
  }

  /** As bpmnlint's `applyRule` returns it. */
  reports(): LintFinding[] {
    if (this.failed) return [{ message: this.failed.message, category: 'rule-error' }];
    const { meta } = this.definition.rule;
    return this.messages.map(
      (report) => ({ ...report, meta, category: this.definition.category }) as unknown as LintFinding,
    );
  }
}

interface Frame {
  node: ModdleNode;
  /** The rules that walk into this node's subtree. */
  descending: RuleRun[];
  /** The rules called on this node (its parent's descending ones), for `leave`. */
  visiting: RuleRun[];
  children: ModdleNode[] | null;
  next: number;
}

/** Lints `root` with bpmnlint's `{ config, resolver }`, calling `pause` between slices of work. */
export async function slicedLint(
  linterConfig: { config: unknown; resolver: unknown },
  root: ModdleNode,
  pause: Pause,
): Promise<LintReport> {
  // A fresh Linter per run, as bpmn-js-bpmnlint does: some rules keep state in their factory's closure.
  const linter = new Linter(linterConfig) as unknown as RuleResolving;
  const runs = (await linter.resolveRules(linter.config)).map((definition) => new RuleRun(definition));
  const stack: Frame[] = [];
  const visit = (node: ModdleNode, visiting: RuleRun[]): void => {
    // Usually every rule walks on: then the parent's list is shared (no array per node and rule set).
    let descending = visiting;
    for (let index = 0; index < visiting.length; index++) {
      const run = visiting[index]!;
      const stays = run.call(run.enter, node) !== false && !run.failed;
      if (stays && descending !== visiting) descending.push(run);
      else if (!stays && descending === visiting) descending = visiting.slice(0, index);
    }
    const descend = descending.length > 0 && !node.$descriptor.isGeneric;
    stack.push({ node, descending, visiting, children: descend ? childrenOf(node) : null, next: 0 });
  };
  visit(root, runs);
  let steps = 0;
  while (stack.length > 0) {
    const frame = stack.at(-1)!;
    if (frame.children && frame.next < frame.children.length) {
      visit(frame.children[frame.next++]!, frame.descending);
    } else {
      stack.pop();
      for (const run of frame.visiting) run.call(run.leave, frame.node);
    }
    if (++steps % 64 === 0) await pause();
  }
  const report: LintReport = {};
  for (const run of runs) {
    const reports = run.reports();
    if (reports.length) report[run.definition.name] = reports;
  }
  return report;
}

/** The contained children in traverse's order, copied: the model may change while the walk pauses. */
function childrenOf(node: ModdleNode): ModdleNode[] {
  const children: ModdleNode[] = [];
  for (const property of containedProperties(node.$descriptor)) {
    if (!(property.name in node)) continue;
    const value = node[property.name];
    // A property set to nothing has no subtree (bpmnlint's traverse would crash on it).
    if (property.isMany) for (const child of (value as ModdleNode[] | null) ?? []) children.push(child);
    else if (value) children.push(value as ModdleNode);
  }
  return children;
}

/**
 * A `Pause` that yields to the page once `budgetMs` of work has passed since
 * the last yield; `stale()` true abandons the run (a newer one will follow).
 */
export function timeSlicer(budgetMs: number, stale: () => boolean = () => false): Pause {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < budgetMs) return;
    await yieldToPage();
    if (stale()) throw new StaleLint();
    sliceStart = performance.now();
  };
}

/** Thrown by a pause when the model changed under the run: its result would be mixed. */
export class StaleLint extends Error {
  constructor() {
    super('the diagram changed while it was being linted');
  }
}

interface SchedulerYield {
  scheduler?: { yield?: () => Promise<void> };
}

/** Lets input, rendering and timers run: `scheduler.yield` where the browser has it, else a macrotask. */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as SchedulerYield).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
