/**
 * `--seed demo`: a deterministic landscape of a mid-sized company in three
 * cultures. Fixed PRNG seed and fixed dates, so two runs produce identical data.
 */
import { INVARIANT, STATES } from '../model/catalog.ts';
import { makeElement } from '../model/factory.ts';
import { copyContent } from '../store/content.ts';
import type { Db } from '../store/db.ts';
import type { ElementRow, StoredRef } from '../store/elements.ts';
import { createRng, guidFrom, pick } from '../util/random.ts';
import { OPEN_END } from '../util/time.ts';
import type { SeedWriter, Triple } from './common.ts';
import { addDiagram, createWriter, names, OBJECTS, VERBS } from './common.ts';

const AREAS: Triple[] = [
  ['Vertrieb', 'Sales', 'Ventas'],
  ['Einkauf', 'Purchasing', 'Compras'],
  ['Personal', 'Human resources', 'Recursos humanos'],
  ['Finanzen', 'Finance', 'Finanzas'],
  ['IT-Betrieb', 'IT operations', 'Operaciones de TI'],
  ['Qualität', 'Quality', 'Calidad'],
];
const FIRST = [
  'Anna',
  'Ben',
  'Carla',
  'David',
  'Eva',
  'Felix',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Kim',
  'Lena',
  'Marc',
  'Nora',
  'Omar',
];
const LAST = [
  'Becker',
  'Schmidt',
  'García',
  'Smith',
  'Novak',
  'Rossi',
  'Meyer',
  'Dubois',
  'Jansen',
  'Kowalski',
];
const SYSTEMS = [
  'SAP S/4HANA',
  'Salesforce',
  'Workday',
  'ServiceNow',
  'Jira',
  'Confluence',
  'DATEV',
  'Microsoft 365',
  'Coupa',
  'Celonis',
];
const DATE = '2025-03-14T09:30:00';
const RELEASED = '2025-02-01T08:00:00';

function inv(value: string): Record<string, string> {
  return { [INVARIANT]: value };
}

function describe(n: Triple): Record<string, string> {
  return names(`Beschreibung: ${n[0]}.`, `Description of ${n[1]}.`, `Descripción de ${n[2]}.`);
}

function released(row: ElementRow, userId: string): void {
  row.attributes.relOn = inv(RELEASED);
  row.attributes.validFrom = inv(RELEASED);
  row.attributes.validUntil = inv(OPEN_END);
  row.related.relBy = [{ id: userId }];
}

function simple(
  w: SeedWriter,
  facet: string,
  type: string,
  n: Triple,
  parentId: string | null,
  extra: Partial<ElementRow> = {},
): ElementRow {
  const row = makeElement({
    id: w.guid(),
    facet,
    type,
    names: names(...n),
    parentId,
    ord: w.ord++,
    now: DATE,
    userId: w.userId,
    state: 'released',
    version: '1.0',
  });
  row.attributes.description = describe(n);
  released(row, w.userId);
  Object.assign(row, extra);
  w.insert(row);
  return row;
}

export function seedDemo(db: Db): { userId: string; count: number } {
  const rng = createRng(20250314);
  const adminId = guidFrom(rng);
  const w = createWriter(db, rng, DATE, adminId);
  const rootOrg = simple(w, 'organization', 'orgUnit', ['Beispiel AG', 'Example Corp', 'Ejemplo S.A.'], null);
  const admin = makeElement({
    id: adminId,
    facet: 'organization',
    type: 'user',
    names: names('Emulator Admin', 'Emulator Admin', 'Emulator Admin'),
    ord: w.ord++,
    now: DATE,
    userId: adminId,
    state: 'released',
    version: '1.0',
  });
  admin.attributes.gotoUrl = inv('mailto:admin@example.com');
  w.insert(admin);
  const users: string[] = [adminId];
  for (let i = 0; i < 29; i++) {
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
    users.push(simple(w, 'organization', 'user', [name, name, name], null).id);
  }
  const units = AREAS.map((a) => simple(w, 'organization', 'orgUnit', a, rootOrg.id));
  for (const unit of units) {
    for (const role of [
      ['Leitung', 'Head', 'Dirección'],
      ['Sachbearbeitung', 'Clerk', 'Gestión'],
    ] as Triple[]) {
      simple(w, 'organization', 'role', role, unit.id);
    }
  }
  const systems = SYSTEMS.flatMap((s, i) => [s, `${s} (${i % 2 ? 'test' : 'legacy'})`, `${s} connector`]).map(
    (s) => simple(w, 'itSystems', 'itSystem', [s, s, s], null),
  );
  const documents = Array.from({ length: 50 }, (_, i) => {
    const o = OBJECTS[i % OBJECTS.length] ?? OBJECTS[0];
    const v = VERBS[(i * 3) % VERBS.length] ?? VERBS[0];
    if (!o || !v) throw new Error('seed tables are empty');
    return simple(
      w,
      'documents',
      'document',
      [`Richtlinie ${o[0]} ${i + 1}`, `Policy: ${v[1]} ${o[1]} ${i + 1}`, `Política ${o[2]} ${i + 1}`],
      null,
    );
  });
  const risks = Array.from({ length: 40 }, (_, i) => {
    const o = OBJECTS[i % OBJECTS.length] ?? OBJECTS[0];
    if (!o) throw new Error('seed tables are empty');
    const risk = simple(
      w,
      'risks',
      'risk',
      [`Risiko ${o[0]} ${i + 1}`, `Risk: ${o[1]} ${i + 1}`, `Riesgo ${o[2]} ${i + 1}`],
      null,
    );
    return risk;
  });
  for (const [i, r] of risks.entries()) {
    r.attributes.riskLevel = inv(['low', 'medium', 'high'][i % 3] ?? 'low');
    db.prepare('UPDATE elements SET attributes = ? WHERE version_id = ?').run(
      JSON.stringify(r.attributes),
      r.versionId,
    );
  }

  // Processes: one main process per area, 6 sub-processes each, a few sub-sub-processes.
  let processIndex = 0;
  const sizes = [5, 80, 12, 8, 30, 6, 15, 9, 45, 7, 10, 20, 5, 11, 60, 8, 13, 6, 25, 9, 7, 18, 40, 10, 14, 6];
  for (const area of AREAS) {
    const main = simple(
      w,
      'processes',
      'process',
      [`${area[0]}-Prozesse`, `${area[1]} processes`, `Procesos de ${area[2]}`],
      null,
    );
    for (let k = 0; k < 6; k++) {
      const v = pick(rng, VERBS);
      const o = pick(rng, OBJECTS);
      const n: Triple = [
        `${area[0]}: ${o[0]} ${v[0]}`,
        `${area[1]}: ${v[1]} ${o[1]}`,
        `${area[2]}: ${v[2]} ${o[2]}`,
      ];
      const state =
        processIndex < STATES.length
          ? (STATES[processIndex] ?? 'inProcess')
          : pick(rng, ['inProcess', 'released', 'released', 'inReview']);
      const row = makeElement({
        id: w.guid(),
        facet: 'processes',
        type: 'process',
        names: names(...n),
        parentId: main.id,
        ord: w.ord++,
        now: DATE,
        userId: w.userId,
        state,
        version: state === 'inProcess' ? '0.1' : '1.0',
      });
      // Every fifth process lacks a description and every seventh an owner, so releasing warns.
      if (processIndex % 5 !== 4) row.attributes.description = describe(n);
      if (processIndex % 7 !== 6) row.related.owner = [{ id: users[processIndex % users.length] ?? adminId }];
      if (['released', 'inEffect', 'requestToExpire', 'expired'].includes(state))
        released(row, pick(rng, users));
      if (state === 'expired') row.attributes.validUntil = inv(DATE);
      const refs = (list: ElementRow[]): StoredRef[] =>
        [pick(rng, list), pick(rng, list)].map((e) => ({ id: e.id }));
      row.related.itSystems = refs(systems);
      row.related.documents = refs(documents);
      row.related.risks = refs(risks);
      const size = sizes[processIndex];
      if (processIndex % 9 === 8 && size !== undefined) {
        addVersions(w, db, row, size);
      } else {
        w.insert(row);
        if (size !== undefined) addDiagram(w, row, size, 'processes');
      }
      if (k === 0)
        simple(
          w,
          'processes',
          'process',
          [`${n[0]} (Detail)`, `${n[1]} (detail)`, `${n[2]} (detalle)`],
          row.id,
        );
      processIndex++;
    }
  }
  const count = (db.prepare('SELECT COUNT(*) AS n FROM elements WHERE is_current = 1').get() as { n: number })
    .n;
  return { userId: adminId, count };
}

/** Three versions: 1.0 expired, 1.1 released, 1.2 the current working copy. */
function addVersions(w: SeedWriter, db: Db, current: ElementRow, size: number): void {
  const v1: ElementRow = {
    ...structuredClone(current),
    versionId: w.guid(),
    state: 'expired',
    isCurrent: false,
    versionSeq: 1,
  };
  v1.attributes.version = inv('1.0');
  v1.attributes.state1 = inv('show');
  released(v1, w.userId);
  v1.attributes.validUntil = inv(RELEASED);
  const v2: ElementRow = {
    ...structuredClone(current),
    versionId: w.guid(),
    state: 'released',
    isCurrent: false,
    versionSeq: 2,
  };
  v2.attributes.version = inv('1.1');
  v2.attributes.state1 = inv('released');
  released(v2, w.userId);
  const v3: ElementRow = { ...structuredClone(current), state: 'inProcess', versionSeq: 3 };
  v3.attributes.version = inv('1.2');
  v3.attributes.state1 = inv('inProcess');
  for (const name of ['relOn', 'validFrom', 'validUntil']) delete v3.attributes[name];
  delete v3.related.relBy;
  v3.related.releaseHistory = [v1, v2].map((v) => ({ id: v.id, versionId: v.versionId, state: v.state }));
  for (const v of [v1, v2, v3]) w.insert(v);
  addDiagram(w, v1, size, 'processes');
  copyContent(db, v1.versionId, v2.versionId);
  copyContent(db, v1.versionId, v3.versionId);
}
