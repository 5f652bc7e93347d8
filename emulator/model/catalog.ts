/**
 * The emulator's fixed configuration: cultures, facets, views and element
 * types. The real service makes these configurable per tenant; a fixed,
 * realistic set is enough for a client to exercise every code path.
 */
import type { CultureMap } from '../store/elements.ts';

export const CULTURES = ['1031', '1033', '3082'] as const;
export const INVARIANT = '127';
export const DEFAULT_CULTURE = '1033';

function tr(de: string, en: string, es: string): CultureMap {
  return { '1031': de, '1033': en, '3082': es };
}

export interface ViewDef {
  name: string;
  displayNames: CultureMap;
  hierarchical: boolean;
  types: string[] | null;
}

export interface FacetDef {
  name: string;
  displayNames: CultureMap;
  views: ViewDef[];
}

const FLOW_TYPES = ['task', 'startEvent', 'endEvent', 'event', 'rule'];

export const FACETS: FacetDef[] = [
  {
    name: 'processes',
    displayNames: tr('Prozesse', 'Processes', 'Procesos'),
    views: [
      {
        name: 'mainProcesses',
        displayNames: tr('Prozesslandkarte', 'Process map', 'Mapa de procesos'),
        hierarchical: true,
        types: ['process'],
      },
      {
        name: 'processList',
        displayNames: tr('Prozessliste', 'Process list', 'Lista de procesos'),
        hierarchical: false,
        types: ['process'],
      },
      {
        name: 'functions',
        displayNames: tr('Funktionen', 'Functions', 'Funciones'),
        hierarchical: false,
        types: FLOW_TYPES,
      },
      {
        name: 'diagram',
        displayNames: tr('Diagramm', 'Diagram', 'Diagrama'),
        hierarchical: false,
        types: null,
      },
    ],
  },
  {
    name: 'organization',
    displayNames: tr('Organisation', 'Organization', 'Organización'),
    views: [
      {
        name: 'orgChart',
        displayNames: tr('Organigramm', 'Org chart', 'Organigrama'),
        hierarchical: true,
        types: ['orgUnit', 'role'],
      },
      {
        name: 'users',
        displayNames: tr('Benutzer', 'Users', 'Usuarios'),
        hierarchical: false,
        types: ['user'],
      },
    ],
  },
  {
    name: 'itSystems',
    displayNames: tr('IT-Systeme', 'IT systems', 'Sistemas de TI'),
    views: [
      {
        name: 'itSystemList',
        displayNames: tr('IT-Systeme', 'IT systems', 'Sistemas de TI'),
        hierarchical: false,
        types: null,
      },
    ],
  },
  {
    name: 'documents',
    displayNames: tr('Dokumente', 'Documents', 'Documentos'),
    views: [
      {
        name: 'documentList',
        displayNames: tr('Dokumente', 'Documents', 'Documentos'),
        hierarchical: false,
        types: null,
      },
    ],
  },
  {
    name: 'risks',
    displayNames: tr('Risiken', 'Risks', 'Riesgos'),
    views: [
      { name: 'riskList', displayNames: tr('Risiken', 'Risks', 'Riesgos'), hierarchical: false, types: null },
    ],
  },
];

/** The 1.0 view list repeats this view, as the spec says the real one may. */
export const LEGACY_DUPLICATE_VIEW = { facet: 'processes', view: 'processList' };

interface PropertyDef {
  key: string;
  dataType: 'SingleLineText' | 'MultiLineText' | 'SelectionValue' | 'DateTime' | 'Link' | 'Reference';
  invariant: boolean;
  displayNames: CultureMap;
  selectableValues?: Array<{ key: string; displayNames: CultureMap }>;
}

export interface TypeDef {
  key: string;
  facet: string;
  displayNames: CultureMap;
  descriptions: CultureMap;
  color: string;
  extraProperties?: PropertyDef[];
}

export const STATES = [
  'inProcess',
  'inReview',
  'readyForQa',
  'readyForRelease',
  'released',
  'inEffect',
  'requestToExpire',
  'expired',
];

const COMMON_PROPERTIES: PropertyDef[] = [
  { key: 'name', dataType: 'SingleLineText', invariant: false, displayNames: tr('Name', 'Name', 'Nombre') },
  {
    key: 'description',
    dataType: 'MultiLineText',
    invariant: false,
    displayNames: tr('Beschreibung', 'Description', 'Descripción'),
  },
  {
    key: 'authorNote',
    dataType: 'MultiLineText',
    invariant: false,
    displayNames: tr('Autorennotiz', 'Author note', 'Nota del autor'),
  },
  {
    key: 'reasonForRevision',
    dataType: 'MultiLineText',
    invariant: false,
    displayNames: tr('Änderungsgrund', 'Reason for revision', 'Motivo de revisión'),
  },
  { key: 'gotoUrl', dataType: 'Link', invariant: true, displayNames: tr('Link', 'Link', 'Enlace') },
  {
    key: 'state1',
    dataType: 'SelectionValue',
    invariant: true,
    displayNames: tr('Status', 'State', 'Estado'),
    selectableValues: [
      { key: 'inProcess', displayNames: tr('In Bearbeitung', 'In process', 'En proceso') },
      { key: 'released', displayNames: tr('Freigegeben', 'Released', 'Publicado') },
      { key: 'show', displayNames: tr('Anzeigen', 'Show', 'Mostrar') },
    ],
  },
  {
    key: 'version',
    dataType: 'SingleLineText',
    invariant: true,
    displayNames: tr('Version', 'Version', 'Versión'),
  },
  {
    key: 'createdOn',
    dataType: 'DateTime',
    invariant: true,
    displayNames: tr('Erstellt am', 'Created on', 'Creado el'),
  },
  {
    key: 'changedOn',
    dataType: 'DateTime',
    invariant: true,
    displayNames: tr('Geändert am', 'Changed on', 'Modificado el'),
  },
  {
    key: 'relOn',
    dataType: 'DateTime',
    invariant: true,
    displayNames: tr('Freigegeben am', 'Released on', 'Publicado el'),
  },
  {
    key: 'validFrom',
    dataType: 'DateTime',
    invariant: true,
    displayNames: tr('Gültig ab', 'Valid from', 'Válido desde'),
  },
  {
    key: 'validUntil',
    dataType: 'DateTime',
    invariant: true,
    displayNames: tr('Gültig bis', 'Valid until', 'Válido hasta'),
  },
];

const RISK_LEVEL: PropertyDef = {
  key: 'riskLevel',
  dataType: 'SelectionValue',
  invariant: true,
  displayNames: tr('Risikostufe', 'Risk level', 'Nivel de riesgo'),
  selectableValues: [
    { key: 'low', displayNames: tr('Niedrig', 'Low', 'Bajo') },
    { key: 'medium', displayNames: tr('Mittel', 'Medium', 'Medio') },
    { key: 'high', displayNames: tr('Hoch', 'High', 'Alto') },
  ],
};

export const TYPES: TypeDef[] = [
  {
    key: 'process',
    facet: 'processes',
    displayNames: tr('Prozess', 'Process', 'Proceso'),
    descriptions: tr('Ein Geschäftsprozess', 'A business process', 'Un proceso de negocio'),
    color: '#2f6fb3',
  },
  {
    key: 'task',
    facet: 'processes',
    displayNames: tr('Funktion', 'Task', 'Tarea'),
    descriptions: tr('Eine Tätigkeit', 'An activity', 'Una actividad'),
    color: '#5fa35f',
  },
  {
    key: 'startEvent',
    facet: 'processes',
    displayNames: tr('Startereignis', 'Start event', 'Evento de inicio'),
    descriptions: tr('Beginn', 'Start', 'Inicio'),
    color: '#3c9e3c',
  },
  {
    key: 'endEvent',
    facet: 'processes',
    displayNames: tr('Endereignis', 'End event', 'Evento de fin'),
    descriptions: tr('Ende', 'End', 'Fin'),
    color: '#c0392b',
  },
  {
    key: 'event',
    facet: 'processes',
    displayNames: tr('Ereignis', 'Event', 'Evento'),
    descriptions: tr('Zwischenereignis', 'Intermediate event', 'Evento intermedio'),
    color: '#d68910',
  },
  {
    key: 'rule',
    facet: 'processes',
    displayNames: tr('Regel', 'Rule', 'Regla'),
    descriptions: tr('Verzweigung', 'Gateway', 'Compuerta'),
    color: '#8e44ad',
  },
  {
    key: 'orgUnit',
    facet: 'organization',
    displayNames: tr('Organisationseinheit', 'Org unit', 'Unidad organizativa'),
    descriptions: tr('Abteilung', 'Department', 'Departamento'),
    color: '#16a085',
  },
  {
    key: 'role',
    facet: 'organization',
    displayNames: tr('Rolle', 'Role', 'Rol'),
    descriptions: tr('Rolle', 'Role', 'Rol'),
    color: '#1abc9c',
  },
  {
    key: 'user',
    facet: 'organization',
    displayNames: tr('Benutzer', 'User', 'Usuario'),
    descriptions: tr('Person', 'Person', 'Persona'),
    color: '#34495e',
  },
  {
    key: 'itSystem',
    facet: 'itSystems',
    displayNames: tr('IT-System', 'IT system', 'Sistema de TI'),
    descriptions: tr('Anwendung', 'Application', 'Aplicación'),
    color: '#7f8c8d',
  },
  {
    key: 'document',
    facet: 'documents',
    displayNames: tr('Dokument', 'Document', 'Documento'),
    descriptions: tr('Dokument', 'Document', 'Documento'),
    color: '#95a5a6',
  },
  {
    key: 'risk',
    facet: 'risks',
    displayNames: tr('Risiko', 'Risk', 'Riesgo'),
    descriptions: tr('Risiko', 'Risk', 'Riesgo'),
    color: '#e74c3c',
    extraProperties: [RISK_LEVEL],
  },
];

export function typeDef(key: string): TypeDef | undefined {
  return TYPES.find((t) => t.key === key);
}

export function propertiesOf(type: TypeDef): PropertyDef[] {
  return [...COMMON_PROPERTIES, ...(type.extraProperties ?? [])];
}

export function facetDef(name: string): FacetDef | undefined {
  return FACETS.find((f) => f.name === name);
}

/** state1 is a coarse state: only inProcess and released are shown as such, all others as "show". */
export function state1For(state: string): string {
  if (state === 'inProcess') return 'inProcess';
  if (state === 'released' || state === 'inEffect') return 'released';
  return 'show';
}

/** Picks a value from a culture map: the asked culture, then the default, then anything. */
export function localized(map: CultureMap | undefined, culture: string): string {
  if (!map) return '';
  return map[culture] ?? map[DEFAULT_CULTURE] ?? map[INVARIANT] ?? Object.values(map)[0] ?? '';
}
