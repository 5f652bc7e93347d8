import type { z } from 'zod';
import { LanesError } from '../../shared/ipc/errors.ts';
import type {
  ActionResult,
  ElementPage,
  ElementRequest,
  ElementsPage,
  Freshness,
  PinView,
  Recent,
  ServerDiagram,
  TransitionRequest,
} from '../../shared/domain/workspace.ts';
import type { Facet, FacetView, LayoutKey } from '../../shared/domain/process.ts';
import type { elementsRequestSchema, pinTargetSchema } from '../../shared/domain/workspace.ts';
import type { Logger } from '../log/logger.ts';
import type { CurrentSession } from './current-session.ts';

export interface WorkspaceServiceOptions {
  session: CurrentSession;
  dataDir: string;
  /** The content culture BPMN and renders are fetched in by default. */
  culture: () => number;
  logger: Logger;
}

/**
 * The workspace's reads and release actions for the renderer, over the
 * current session: cache-aware reads (live when online, cached otherwise),
 * transitions and versions (queued in the outbox when offline), pins and
 * recently opened elements.
 */
export class WorkspaceService {
  readonly #options: WorkspaceServiceOptions;

  constructor(options: WorkspaceServiceOptions) {
    this.#options = options;
  }

  facets(): Promise<Freshness & { items: Facet[] }> {
    return this.#todo();
  }

  views(_facet: string): Promise<Freshness & { items: FacetView[] }> {
    return this.#todo();
  }

  elements(_request: z.output<typeof elementsRequestSchema>): Promise<ElementsPage> {
    return this.#todo();
  }

  element(_request: ElementRequest): Promise<ElementPage> {
    return this.#todo();
  }

  diagram(_request: { id: string; layout: LayoutKey; culture: number }): Promise<ServerDiagram> {
    return this.#todo();
  }

  transition(_request: TransitionRequest): Promise<ActionResult> {
    return this.#todo();
  }

  createVersion(_request: { facet: string; view: string; id: string }): Promise<ActionResult> {
    return this.#todo();
  }

  pins(): Promise<PinView[]> {
    return this.#todo();
  }

  pin(_target: z.output<typeof pinTargetSchema>): Promise<PinView[]> {
    return this.#todo();
  }

  unpin(_id: number): Promise<PinView[]> {
    return this.#todo();
  }

  recents(): Promise<Recent[]> {
    return this.#todo();
  }

  #todo(): never {
    void this.#options;
    throw new LanesError({ code: 'internal', message: 'Not built yet.' });
  }
}
