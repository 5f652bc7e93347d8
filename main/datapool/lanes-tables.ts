/**
 * What Lanes knows, as tables for the data pool: the landscape inventory
 * (one row per element) and model-quality metrics (per process diagram:
 * size, lint findings by rule, last publish, open conflicts). Rows come from
 * the cache's full elements or the reporting listing (lanes-gather.ts).
 */
import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import Linter from 'bpmnlint/lib/linter.js';
import type { CacheStore } from '../cache/cache-store.ts';
import type { OutboxStores } from '../sync/outbox-stores.ts';
import type { PoolColumn } from '../../shared/domain/datapool.ts';
import type { Element } from '../../shared/domain/process.ts';
import type { ReportingElement } from '../../shared/domain/reporting.ts';
import { changedDayOf, stateOf, typeOf, UNKNOWN } from '../../shared/domain/reporting.ts';
import { displayName, pickCulture } from '../../shared/domain/culture.ts';
import { bundledRules, recommendedSeverities } from '../../shared/lint/bundled-rules.ts';
import { quotedCsvField } from '../files/csv.ts';

export type LanesTableKind = 'inventory' | 'metrics';

export interface LanesTable {
  kind: LanesTableKind;
  columns: PoolColumn[];
  /** The key column: rows are upserted by it, so a repeated push updates them. */
  key: string;
  rows: string[][];
}

const text = (name: string, length = 200, pk = false): PoolColumn => ({
  columnName: name,
  columnType: 'STRING',
  fieldLength: length,
  ...(pk ? { pkField: true } : {}),
});
/** Written as the service's DATETIME form (serviceDateTime), and read with the matching pattern. */
const dateTime = (name: string): PoolColumn => ({
  columnName: name,
  columnType: 'DATETIME',
  dateFormat: "yyyy-MM-dd'T'HH:mm:ss",
});
const integer = (name: string): PoolColumn => ({
  columnName: name,
  columnType: 'INTEGER',
  decimalSeparator: '.',
  thousandsSeparator: '',
});

export const inventoryColumns: PoolColumn[] = [
  text('element_id', 100, true),
  text('facet', 100),
  text('type', 100),
  text('name', 400),
  text('state', 60),
  text('version', 40),
  text('owner', 400),
  dateTime('created_on'),
  dateTime('changed_on'),
  dateTime('released_on'),
  dateTime('valid_from'),
  dateTime('valid_until'),
];

/** Lint rules that are switched on, each a column of its own. */
const activeRules = Object.entries(recommendedSeverities)
  .filter(([, severity]) => severity === 'error' || severity === 'warn')
  .map(([rule]) => rule)
  .filter((rule) => Object.hasOwn(bundledRules, rule))
  .sort();
const ruleColumn = (rule: string): string => `lint_${rule.replace(/-/g, '_')}`;

export const metricsColumns: PoolColumn[] = [
  text('process_id', 100, true),
  text('name', 400),
  text('state', 60),
  integer('elements'),
  integer('lint_errors'),
  integer('lint_warnings'),
  ...activeRules.map((rule) => integer(ruleColumn(rule))),
  dateTime('last_published'),
  integer('open_conflicts'),
];

/** The service's DATETIME form, `yyyy-MM-ddTHH:mm:ss`; empty when the value is no date. */
function serviceDateTime(value: string): string {
  if (!value.trim()) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toISOString().slice(0, 19);
}

const attribute = (element: Element, key: string, culture: number): string =>
  pickCulture(element.attributes?.[key], culture).text;

/**
 * An element's own name: its `name` attribute in the culture, else its id. (`displayNames`
 * are its type's names, not its own: service-api.md.)
 */
function elementName(element: Element, culture: number): string {
  return displayName(element.attributes?.['name'], culture, element.id).text;
}

/** One inventory row from an element the cache holds in full; owners are named from `known`. */
export function elementRow(e: Element, known: Map<string, Element>, culture: number): string[] {
  const owner = e.related?.owner?.[0];
  const ownerElement = owner ? known.get(owner.id) : undefined;
  return [
    e.id,
    e.facetName,
    e.type,
    elementName(e, culture),
    e.state ?? '',
    attribute(e, 'version', culture),
    owner ? (ownerElement ? elementName(ownerElement, culture) : owner.id) : '',
    serviceDateTime(attribute(e, 'createdOn', culture)),
    serviceDateTime(attribute(e, 'changedOn', culture)),
    serviceDateTime(attribute(e, 'relOn', culture)),
    serviceDateTime(attribute(e, 'validFrom', culture)),
    serviceDateTime(attribute(e, 'validUntil', culture)),
  ];
}

const field = (item: ReportingElement, ...names: string[]): string => {
  for (const name of names) {
    const value = item[name];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return '';
};

/**
 * One inventory row from the reporting listing, for an element the cache does
 * not hold: the fields the listing has (its items' fields are not documented:
 * looked up under the names the service is known to use).
 */
export function listingRow(item: ReportingElement, culture: number): string[] {
  const names = (item.names && typeof item.names === 'object' ? item.names : {}) as Record<string, string>;
  const name = displayName(names, culture, field(item, 'name') || item.id).text;
  const state = stateOf(item);
  const type = typeOf(item);
  const changed = changedDayOf(item)
    ? field(item, 'changedOn', 'changeDate', 'lastModified', 'modifiedOn')
    : '';
  return [
    item.id,
    field(item, 'facetName', 'facet'),
    type === UNKNOWN ? '' : type,
    name,
    state === UNKNOWN ? '' : state,
    field(item, 'version'),
    '',
    serviceDateTime(field(item, 'createdOn', 'creationDate')),
    serviceDateTime(changed),
    serviceDateTime(field(item, 'relOn', 'releasedOn')),
    serviceDateTime(field(item, 'validFrom')),
    serviceDateTime(field(item, 'validUntil')),
  ];
}

/** Where the metrics read what Lanes knows offline: the cache, and the outbox's history and conflicts. */
export interface MetricsStores extends Pick<OutboxStores, 'history' | 'conflicts'> {
  cache: CacheStore;
}

/**
 * One row per process: its flow nodes counted by the BPMN metamodel, the
 * findings of the editor's own lint rules, its last publish from Lanes and
 * its unresolved conflicts. The diagram is the one just exported, else the
 * cached one (in the content culture when cached so, else in any); a process
 * without one gets its row with empty measures.
 */
export async function metricsRows(
  stores: MetricsStores,
  ids: readonly string[],
  processes: ReadonlyMap<string, Element | ReportingElement>,
  exported: ReadonlyMap<string, string>,
  culture: number,
  onProgress?: (done: number, total: number) => void,
): Promise<string[][]> {
  const linter = new Linter({
    config: { rules: Object.fromEntries(activeRules.map((rule) => [rule, recommendedSeverities[rule]!])) },
    resolver: {
      resolveRule: (pkg: string, rule: string) => (pkg === 'bpmnlint' ? bundledRules[rule] : undefined),
      resolveConfig: () => undefined,
    },
  });
  const rows: string[][] = [];
  for (const id of ids) {
    const known = processes.get(id);
    const xml = exported.get(id) ?? stores.cache.bpmnInAnyCulture(id, culture);
    const counts = xml ? await lintCounts(linter, xml) : undefined;
    const published = stores.history.lastPublishedAt(id);
    const name =
      known && 'facetName' in known && 'attributes' in known
        ? elementName(known as Element, culture)
        : known
          ? listingRow(known as ReportingElement, culture)[3]!
          : id;
    const state = known ? String((known as { state?: unknown }).state ?? '') : '';
    rows.push([
      id,
      name,
      state,
      counts ? String(counts.flowNodes) : '',
      counts ? String(counts.errors) : '',
      counts ? String(counts.warnings) : '',
      ...activeRules.map((rule) => (counts ? String(counts.byRule.get(rule) ?? 0) : '')),
      published ? serviceDateTime(published) : '',
      String(stores.conflicts.openCountOf(id)),
    ]);
    onProgress?.(rows.length, ids.length);
    // Each diagram is one task: the thread that serves the window gets its turn between them.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return rows;
}

interface LintCounts {
  flowNodes: number;
  errors: number;
  warnings: number;
  byRule: Map<string, number>;
}

/** Undefined when the cached text is not BPMN at all: the row says nothing rather than zero. */
async function lintCounts(linter: Linter, xml: string): Promise<LintCounts | undefined> {
  let parsed;
  try {
    parsed = await new BpmnModdle().fromXML(xml);
  } catch {
    return undefined;
  }
  const isFlowNode = (element: ModdleElement): boolean =>
    (element as unknown as { $instanceOf(type: string): boolean }).$instanceOf('bpmn:FlowNode');
  const flowNodes = Object.values(parsed.elementsById).filter(isFlowNode).length;
  const results = await linter.lint(parsed.rootElement);
  const byRule = new Map<string, number>();
  let errors = 0;
  let warnings = 0;
  for (const [rule, reports] of Object.entries(results)) {
    byRule.set(rule, reports.length);
    for (const report of reports) {
      if (report.category === 'error') errors++;
      else if (report.category === 'warn') warnings++;
    }
  }
  return { flowNodes, errors, warnings, byRule };
}

/** One CSV line for the pool: RFC 4180 quoting, values unchanged (no spreadsheet formula guard). */
export function csvLine(values: readonly string[]): string {
  return values.map(quotedCsvField).join(',');
}
