/**
 * SVG rendering of a process diagram for each layout key of spec §4.2 note 5.
 * Layouts differ visibly (orientation, detail cards, swimlanes, matrices) so
 * clients can tell them apart; every shape carries the data attributes the
 * real service uses. The embedded script imitates the real service's SVG,
 * which clients must treat as untrusted.
 */
import { computeLayout } from '../bpmn/layout.ts';
import type { Point } from '../bpmn/layout.ts';
import { xmlEscape } from '../bpmn/ext.ts';
import { localized, typeDef } from '../model/catalog.ts';
import type { Bounds, FlowRow, ShapeRow } from '../store/content.ts';
import type { ElementRow } from '../store/elements.ts';

export const LAYOUT_KEYS = [
  'detailed',
  'vertical',
  'horizontal',
  'verticalSwimlane',
  'horizontalSwimlane',
  'graphic',
  'processMatrix',
  'customerMatrix',
  'entityRelationship',
] as const;

interface RenderInput {
  process: ElementRow;
  shapes: ShapeRow[];
  flows: FlowRow[];
  elements: Map<string, ElementRow>;
  culture: string;
  layoutKey: string;
  script: boolean;
}

const LANES = ['startEvent', 'task', 'rule', 'event', 'endEvent'];

function transpose(b: Bounds): Bounds {
  return { x: b.y, y: b.x, w: b.w, h: b.h };
}

function positions(input: RenderInput): { bounds: Map<string, Bounds>; waypoints: Map<string, Point[]> } {
  const { layoutKey } = input;
  if (layoutKey === 'processMatrix' || layoutKey === 'customerMatrix' || layoutKey === 'entityRelationship') {
    const bounds = new Map<string, Bounds>();
    const cols = layoutKey === 'entityRelationship' ? 4 : 1;
    input.shapes.forEach((s, i) => {
      bounds.set(s.shapeId, { x: 40 + (i % cols) * 260, y: 70 + Math.floor(i / cols) * 60, w: 240, h: 44 });
    });
    return { bounds, waypoints: new Map() };
  }
  // Swimlane and vertical layouts ignore stored coordinates: they are arrangements, not drawings.
  const useStored = layoutKey === 'horizontal' || layoutKey === 'graphic' || layoutKey === 'detailed';
  const shapes = useStored ? input.shapes : input.shapes.map((s) => ({ ...s, bounds: null }));
  const flows = useStored ? input.flows : input.flows.map((f) => ({ ...f, waypoints: null }));
  const layout = computeLayout(shapes, flows);
  if (layoutKey === 'horizontalSwimlane' || layoutKey === 'verticalSwimlane') {
    for (const s of input.shapes) {
      const b = layout.bounds.get(s.shapeId);
      const lane = Math.max(0, LANES.indexOf(input.elements.get(s.elementId)?.type ?? 'task'));
      if (b) layout.bounds.set(s.shapeId, { ...b, y: 60 + lane * 140 + (140 - b.h) / 2 });
    }
    layout.waypoints.clear();
  }
  if (layoutKey === 'vertical' || layoutKey === 'verticalSwimlane') {
    for (const [id, b] of layout.bounds) layout.bounds.set(id, transpose(b));
    layout.waypoints.clear();
  }
  if (layoutKey === 'detailed') {
    for (const [id, b] of layout.bounds)
      layout.bounds.set(id, { x: b.x * 1.6, y: b.y * 1.8, w: b.w * 1.5, h: b.h * 1.5 });
    layout.waypoints.clear();
  }
  return layout;
}

function shapeMarkup(kind: string, b: Bounds, color: string): string {
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  if (kind === 'startEvent' || kind === 'endEvent' || kind === 'event') {
    const stroke = kind === 'endEvent' ? 4 : kind === 'event' ? 1.5 : 2;
    return `<circle cx="${cx}" cy="${cy}" r="${Math.min(b.w, b.h) / 2}" fill="#fff" stroke="${color}" stroke-width="${stroke}"/>`;
  }
  if (kind === 'rule') {
    return `<polygon points="${cx},${b.y} ${b.x + b.w},${cy} ${cx},${b.y + b.h} ${b.x},${cy}" fill="#fff" stroke="${color}" stroke-width="2"/>`;
  }
  return `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" rx="8" fill="#fff" stroke="${color}" stroke-width="2"/>`;
}

export function renderSvg(input: RenderInput): string {
  const { bounds, waypoints } = positions(input);
  const all = [...bounds.values()];
  const width = Math.ceil(Math.max(400, ...all.map((b) => b.x + b.w)) + 60);
  const height = Math.ceil(Math.max(200, ...all.map((b) => b.y + b.h)) + 60);
  const title = localized(input.process.attributes.name, input.culture);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
      `data-pz-diagram-id="${input.process.id}" data-pz-layout="${input.layoutKey}" data-pz-culture="${input.culture}">`,
  );
  out.push(`<title>${xmlEscape(title)}</title>`);
  out.push(
    `<text x="20" y="30" font-family="sans-serif" font-size="16" font-weight="bold">${xmlEscape(title)} (${input.layoutKey})</text>`,
  );
  if (input.layoutKey.endsWith('Swimlane')) {
    LANES.forEach((lane, i) => {
      const vertical = input.layoutKey === 'verticalSwimlane';
      const label = xmlEscape(localized(typeDef(lane)?.displayNames, input.culture));
      out.push(
        vertical
          ? `<g class="pz-lane"><rect x="${60 + i * 140}" y="40" width="140" height="${height - 50}" fill="${i % 2 ? '#f4f6f8' : '#fff'}" stroke="#ccd"/><text x="${70 + i * 140}" y="56" font-size="11">${label}</text></g>`
          : `<g class="pz-lane"><rect x="10" y="${60 + i * 140}" width="${width - 20}" height="140" fill="${i % 2 ? '#f4f6f8' : '#fff'}" stroke="#ccd"/><text x="16" y="${76 + i * 140}" font-size="11">${label}</text></g>`,
      );
    });
  }
  const byShape = new Map(input.shapes.map((s) => [s.shapeId, s]));
  for (const f of input.flows) {
    const a = bounds.get(f.source);
    const b = bounds.get(f.target);
    if (!a || !b || !byShape.has(f.source)) continue;
    const points = waypoints.get(f.flowId) ?? [
      { x: a.x + a.w / 2, y: a.y + a.h / 2 },
      { x: b.x + b.w / 2, y: b.y + b.h / 2 },
    ];
    const d = points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${p.y}`).join(' ');
    out.push(
      `<path class="pz-flow" data-pz-flow-id="${xmlEscape(f.flowId)}" d="${d}" fill="none" stroke="#555" stroke-width="1.5"/>`,
    );
  }
  const matrix = ['processMatrix', 'customerMatrix', 'entityRelationship'].includes(input.layoutKey);
  for (const s of input.shapes) {
    const b = bounds.get(s.shapeId);
    if (!b) continue;
    const el = input.elements.get(s.elementId);
    const kind = el?.type ?? 'task';
    const color = typeDef(kind)?.color ?? '#333';
    const name = xmlEscape(localized(el?.attributes.name, input.culture));
    out.push(
      `<g class="pz-shape" data-pz-shape-id="${s.shapeId}" data-pz-guid="${s.elementId}" data-pz-type="${kind}" data-pz-bpmn-id="${xmlEscape(s.bpmnId)}">`,
    );
    out.push(
      matrix
        ? `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" fill="#fafafa" stroke="${color}"/>`
        : shapeMarkup(kind, b, color),
    );
    out.push(
      `<text x="${b.x + b.w / 2}" y="${b.y + b.h / 2 + 4}" text-anchor="middle" font-family="sans-serif" font-size="11">${name}</text>`,
    );
    if (input.layoutKey === 'detailed') {
      const typeName = xmlEscape(localized(typeDef(kind)?.displayNames, input.culture));
      const description = xmlEscape(localized(el?.attributes.description, input.culture).slice(0, 40));
      out.push(`<text x="${b.x + 4}" y="${b.y + 12}" font-size="9" fill="#666">${typeName}</text>`);
      out.push(`<text x="${b.x + 4}" y="${b.y + b.h - 6}" font-size="8" fill="#888">${description}</text>`);
    }
    out.push('</g>');
  }
  if (input.script) {
    out.push(
      '<script type="text/javascript"><![CDATA[(function(){var s=document.querySelectorAll("[data-pz-shape-id]");' +
        'for(var i=0;i<s.length;i++){s[i].addEventListener("click",function(e){window.parent&&window.parent.postMessage({pzShape:e.currentTarget.getAttribute("data-pz-shape-id")},"*");});}})();]]></script>',
    );
  }
  out.push('</svg>');
  return out.join('\n');
}
