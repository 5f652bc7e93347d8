/**
 * The Diagram tab's rendering, fetched and imported while the element page is
 * read (in idle time), so that opening the tab only has to draw it: a
 * 4,000-shape rendering is ~1 MB to carry over IPC, parse and clean, which
 * otherwise all happens after the click. Used once: a second visit to the tab,
 * another layout or a reloaded page asks main again.
 */
import type { LayoutKey } from '../../shared/domain/process.ts';
import type { ServerDiagram } from '../../shared/domain/workspace.ts';
import type { LanesClient } from '../bridge/lanes-client.ts';
import { importServerSvg, type SvgImport } from './svg-import.ts';

/** The tab's first layout: what the prefetch asks for. */
export const DEFAULT_LAYOUT: LayoutKey = 'horizontal';

interface PrefetchedDiagram {
  diagram: ServerDiagram;
  imported: SvgImport;
}

export class DiagramPrefetch {
  readonly #id: string;
  readonly #culture: number;
  #result: Promise<PrefetchedDiagram> | null;

  constructor(client: LanesClient, id: string, culture: number) {
    this.#id = id;
    this.#culture = culture;
    this.#result = client
      .request('workspace.diagram', { id, layout: DEFAULT_LAYOUT, culture })
      .then((diagram) => ({ diagram, imported: importServerSvg(diagram.svg) }));
    // A failure is the tab's to report if it is opened; unopened, it is nobody's concern.
    this.#result.catch(() => {});
  }

  /** The prefetched rendering when it is the one asked for and not taken yet; else null. */
  take(id: string, culture: number, layout: LayoutKey): Promise<PrefetchedDiagram> | null {
    if (id !== this.#id || culture !== this.#culture || layout !== DEFAULT_LAYOUT) return null;
    const result = this.#result;
    this.#result = null;
    return result;
  }
}
