/**
 * What Lanes knows, as tables for the data pool: the landscape inventory
 * (every cached element) and model-quality metrics (per cached process
 * diagram: size, lint findings by rule, last publish, open conflicts).
 */
import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import Linter from 'bpmnlint/lib/linter.js';
import type { Db } from '../cache/database.ts';
import type { ColumnTransport } from '../../shared/domain/datapush.ts';
import type { Element } from '../../shared/domain/process.ts';
import { displayName, pickCulture } from '../../shared/domain/culture.ts';
import { bundledRules, recommendedSeverities } from '../../shared/lint/bundled-rules.ts';
import { quotedCsvField } from '../files/csv.ts';

export type LanesTableKind = 'inventory' | 'metrics';

export interface LanesTable {
  kind: LanesTableKind;
  columns: ColumnTransport[];
  /** The key column: rows are upserted by it, so a repeated push updates them. */
  key: string;
  rows: string[][];
}

const text = (name: string, length = 200, pk = false): ColumnTransport => ({
  columnName: name,
  columnType: 'STRING',
  fieldLength: length,
  ...(pk ? { pkField: true } : {}),
});
const dateTime = (name: string): ColumnTransport => ({ columnName: name, columnType: 'DATETIME' });
const integer = (name: string): ColumnTransport => ({ columnName: name, columnType: 'INTEGER' });

export const inventoryColumns: ColumnTransport[] = [
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

export const metricsColumns: ColumnTransport[] = [
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

/** Every cached element, one row each, names in the content culture. */
export function inventoryTable(db: Db, culture: number): LanesTable {
  const rows = db.prepare('SELECT data FROM elements ORDER BY facet, id').all() as { data: string }[];
  const elements = rows.map((row) => JSON.parse(row.data) as Element);
  const names = new Map(elements.map((e) => [e.id, elementName(e, culture)]));
  return {
    kind: 'inventory',
    columns: inventoryColumns,
    key: 'element_id',
    rows: elements.map((e) => {
      const owner = e.related?.owner?.[0];
      return [
        e.id,
        e.facetName,
        e.type,
        elementName(e, culture),
        e.state ?? '',
        attribute(e, 'version', culture),
        owner ? (names.get(owner.id) ?? owner.id) : '',
        serviceDateTime(attribute(e, 'createdOn', culture)),
        serviceDateTime(attribute(e, 'changedOn', culture)),
        serviceDateTime(attribute(e, 'relOn', culture)),
        serviceDateTime(attribute(e, 'validFrom', culture)),
        serviceDateTime(attribute(e, 'validUntil', culture)),
      ];
    }),
  };
}

interface DiagramRow {
  element_id: string;
  xml: string;
}

/**
 * One row per process whose diagram is cached (in the content culture when
 * cached so, else in any): its flow nodes counted by the BPMN metamodel, the
 * findings of the editor's own lint rules, its last publish from Lanes and
 * its unresolved conflicts.
 */
export async function metricsTable(db: Db, culture: number): Promise<LanesTable> {
  const diagrams = db
    .prepare(
      `SELECT element_id, xml FROM bpmn_exports b
       WHERE lcid = ? OR NOT EXISTS (SELECT 1 FROM bpmn_exports o WHERE o.element_id = b.element_id AND o.lcid = ?)
       GROUP BY element_id ORDER BY element_id`,
    )
    .all(culture, culture) as DiagramRow[];
  const elementOf = db.prepare('SELECT data FROM elements WHERE id = ?');
  const lastPublished = db.prepare(
    "SELECT MAX(seen_at) AS at FROM bpmn_history WHERE element_id = ? AND kind = 'published'",
  );
  const openConflicts = db.prepare(
    'SELECT COUNT(*) AS n FROM conflicts WHERE element_id = ? AND resolved_at IS NULL',
  );
  const linter = new Linter({
    config: { rules: Object.fromEntries(activeRules.map((rule) => [rule, recommendedSeverities[rule]!])) },
    resolver: {
      resolveRule: (pkg: string, rule: string) => (pkg === 'bpmnlint' ? bundledRules[rule] : undefined),
      resolveConfig: () => undefined,
    },
  });
  const rows: string[][] = [];
  for (const diagram of diagrams) {
    const cached = elementOf.get(diagram.element_id) as { data: string } | undefined;
    const element = cached ? (JSON.parse(cached.data) as Element) : undefined;
    const counts = await lintCounts(linter, diagram.xml);
    const published = (lastPublished.get(diagram.element_id) as { at: string | null }).at;
    rows.push([
      diagram.element_id,
      element ? elementName(element, culture) : diagram.element_id,
      element?.state ?? '',
      counts ? String(counts.flowNodes) : '',
      counts ? String(counts.errors) : '',
      counts ? String(counts.warnings) : '',
      ...activeRules.map((rule) => (counts ? String(counts.byRule.get(rule) ?? 0) : '')),
      published ? serviceDateTime(published) : '',
      String((openConflicts.get(diagram.element_id) as { n: number }).n),
    ]);
  }
  return { kind: 'metrics', columns: metricsColumns, key: 'process_id', rows };
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
