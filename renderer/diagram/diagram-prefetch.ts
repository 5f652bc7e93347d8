/**
 * The Diagram tab's rendering, fetched and imported while the element page is
 * read (in idle time), so that opening the tab only has to draw it: a
 * 4,000-shape rendering is ~1 MB to carry over IPC, parse and clean, which
 * otherwise all happens after the click. Used once: a second visit to the tab,
 * another layout or a reloaded page asks main again.
 *
 * Every load asks first for the picture main keeps of the cached rendering
 * (render-picture.ts), from the cache alone and before the rendering itself,
 * whose live fetch replaces the cached one and drops its picture; the picture
 * is decoded as it arrives, so the tab can paint it at once and the SVG after.
 */
import type { LayoutKey } from '../../shared/domain/process.ts';
import type { DiagramPicture, ServerDiagram } from '../../shared/domain/workspace.ts';
import type { LanesClient } from '../bridge/lanes-client.ts';
import { decodePicture } from './render-picture.ts';
import { importServerSvg, type SvgImport } from './svg-import.ts';

/** The tab's first layout: what the prefetch asks for. */
export const DEFAULT_LAYOUT: LayoutKey = 'horizontal';

export interface LoadedDiagram {
  diagram: ServerDiagram;
  imported: SvgImport;
}

/** The kept picture, decoded, with the diagram's own size and the time of the rendering it shows. */
export interface ShownPicture {
  image: HTMLImageElement;
  natural: DiagramPicture['natural'];
  fetchedAt: string;
}

export interface DiagramLoad {
  /** Null when no picture is kept of the rendering (or it would not decode); never rejects. */
  picture: Promise<ShownPicture | null>;
  diagram: Promise<LoadedDiagram>;
}

/** The class the tab's picture is drawn with (server-diagram.css). */
export const PICTURE_CLASS = 'server-diagram-picture';

/** Asks main for the kept picture, then for the rendering; each is decoded or imported as it arrives. */
export function loadDiagram(
  client: LanesClient,
  id: string,
  culture: number,
  layout: LayoutKey,
): DiagramLoad {
  const picture = client
    .request('workspace.diagramPicture', { id, layout, culture })
    .then(async (kept) => {
      if (!kept) return null;
      const image = await decodePicture(kept.picture, PICTURE_CLASS);
      return image ? { image, natural: kept.picture.natural, fetchedAt: kept.fetchedAt } : null;
    })
    // A picture is a courtesy: without it the tab shows the SVG as it comes.
    .catch(() => null);
  const diagram = client
    .request('workspace.diagram', { id, layout, culture })
    .then((answer) => ({ diagram: answer, imported: importServerSvg(answer.svg) }));
  return { picture, diagram };
}

export class DiagramPrefetch {
  readonly #id: string;
  readonly #culture: number;
  #load: DiagramLoad | null;

  constructor(client: LanesClient, id: string, culture: number) {
    this.#id = id;
    this.#culture = culture;
    this.#load = loadDiagram(client, id, culture, DEFAULT_LAYOUT);
    // A failure is the tab's to report if it is opened; unopened, it is nobody's concern.
    this.#load.diagram.catch(() => {});
  }

  /** The prefetched rendering (and its picture) when it is the one asked for and not taken yet; else null. */
  take(id: string, culture: number, layout: LayoutKey): DiagramLoad | null {
    if (id !== this.#id || culture !== this.#culture || layout !== DEFAULT_LAYOUT) return null;
    const load = this.#load;
    this.#load = null;
    return load;
  }
}
