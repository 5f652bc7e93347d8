/** Building blocks shared by the demo and bulk seeds. */
import { defaultBpmnType } from '../bpmn/types.ts';
import { makeElement } from '../model/factory.ts';
import type { FlowRow, ShapeRow } from '../store/content.ts';
import { flowInserter, shapeInserter } from '../store/content.ts';
import type { Db } from '../store/db.ts';
import type { CultureMap, ElementRow } from '../store/elements.ts';
import { insertElementStatement } from '../store/elements.ts';
import type { Rng } from '../util/random.ts';
import { guidFrom, pick } from '../util/random.ts';

export type Triple = readonly [de: string, en: string, es: string];

export const VERBS: Triple[] = [
  ['prüfen', 'Check', 'Revisar'],
  ['erfassen', 'Record', 'Registrar'],
  ['freigeben', 'Approve', 'Aprobar'],
  ['versenden', 'Send', 'Enviar'],
  ['anlegen', 'Create', 'Crear'],
  ['bewerten', 'Assess', 'Evaluar'],
  ['archivieren', 'Archive', 'Archivar'],
  ['abstimmen', 'Reconcile', 'Conciliar'],
];

export const OBJECTS: Triple[] = [
  ['Auftrag', 'order', 'pedido'],
  ['Rechnung', 'invoice', 'factura'],
  ['Vertrag', 'contract', 'contrato'],
  ['Antrag', 'request', 'solicitud'],
  ['Lieferung', 'delivery', 'entrega'],
  ['Kundendaten', 'customer data', 'datos del cliente'],
  ['Angebot', 'quote', 'oferta'],
  ['Reklamation', 'complaint', 'reclamación'],
];

export function names(de: string, en: string, es: string): CultureMap {
  return { '1031': de, '1033': en, '3082': es };
}

export function activityName(rng: Rng): CultureMap {
  const v = pick(rng, VERBS);
  const o = pick(rng, OBJECTS);
  return names(`${o[0]} ${v[0]}`, `${v[1]} ${o[1]}`, `${v[2]} ${o[2]}`);
}

export interface SeedWriter {
  rng: Rng;
  now: string;
  userId: string;
  ord: number;
  insert: (row: ElementRow) => void;
  addShape: (versionId: string, shape: ShapeRow) => void;
  addFlow: (versionId: string, flow: FlowRow) => void;
  guid: () => string;
}

export function createWriter(db: Db, rng: Rng, now: string, userId: string): SeedWriter {
  return {
    rng,
    now,
    userId,
    ord: 1,
    insert: insertElementStatement(db),
    addShape: shapeInserter(db),
    addFlow: flowInserter(db),
    guid: () => guidFrom(rng),
  };
}

/**
 * A plausible process flow of `size` nodes: a start, an end, tasks, and a
 * gateway every few steps whose "no" branch skips ahead, so diagrams have
 * branches without crossing edges.
 */
export function addDiagram(w: SeedWriter, process: ElementRow, size: number, facet: string): void {
  const count = Math.max(2, size);
  const shapeIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const type =
      i === 0
        ? 'startEvent'
        : i === count - 1
          ? 'endEvent'
          : i % 6 === 3
            ? 'rule'
            : i % 11 === 7
              ? 'event'
              : 'task';
    const name =
      type === 'startEvent'
        ? names('Bedarf erkannt', 'Need identified', 'Necesidad detectada')
        : type === 'endEvent'
          ? names('Vorgang abgeschlossen', 'Case closed', 'Caso cerrado')
          : type === 'rule'
            ? names('Freigabe erteilt?', 'Approved?', '¿Aprobado?')
            : type === 'event'
              ? names('Antwort eingegangen', 'Reply received', 'Respuesta recibida')
              : activityName(w.rng);
    // Spanish is a translation in progress: every third activity has no Spanish name yet.
    if (type === 'task' && i % 3 === 2) delete name['3082'];
    const id = w.guid();
    w.insert(makeElement({ id, facet, type, names: name, ord: w.ord++, now: w.now, userId: w.userId }));
    const shapeId = w.guid();
    shapeIds.push(shapeId);
    w.addShape(process.versionId, {
      shapeId,
      elementId: id,
      bpmnId: `Shape_${shapeId}`,
      bpmnType: defaultBpmnType(type),
      ord: i + 1,
      bounds: null,
      ext: null,
    });
  }
  let ord = 1;
  const flow = (from: number, to: number, label: CultureMap): void => {
    const source = shapeIds[from];
    const target = shapeIds[to];
    if (source && target)
      w.addFlow(process.versionId, {
        flowId: `Flow_${w.guid()}`,
        source,
        target,
        names: label,
        waypoints: null,
        ord: ord++,
      });
  };
  for (let i = 0; i < count - 1; i++) {
    const isRule = i % 6 === 3 && i !== 0;
    flow(i, i + 1, isRule ? names('ja', 'yes', 'sí') : {});
    if (isRule && i + 2 < count) flow(i, i + 2, names('nein', 'no', 'no'));
  }
}
