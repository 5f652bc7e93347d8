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
import type {
  DiagramPicture,
  elementsRequestSchema,
  pinTargetSchema,
  StoreRasterRequest,
} from '../../shared/domain/workspace.ts';
import { addPin, getPin, listPins, removePin, type Pin } from '../cache/pins.ts';
import { shownRenderOf } from '../cache/render-store.ts';
import { BODY_LIMITS } from '../api/http/body-limits.ts';
import type { Logger } from '../log/logger.ts';
import type { CurrentSession } from '../session/current-session.ts';
import { elementPage } from './element-page.ts';
import { listElements, namesOf } from './listing.ts';
import { RecentsStore } from './recents.ts';
import { runReleaseAction } from './release-actions.ts';
import type { SessionReads } from '../session/session-reads.ts';
import type { OutboxService } from '../sync/outbox-service.ts';
import type { SessionOutboxes } from '../sync/session-outboxes.ts';

interface WorkspaceServiceOptions {
  session: CurrentSession;
  dataDir: string;
  logger: Logger;
  /** The app's one outbox per session: release actions wait there while the service is out of reach. */
  outboxes: SessionOutboxes;
  /** A pin was added: its elements should now be fetched (a background pull). */
  onPinned?: () => void;
  /** A release action or a new version was applied: whoever shows the element learns it now. */
  onElementChanged?: (id: string) => void;
}

function pinView(pin: Pin): PinView {
  return {
    id: pin.id,
    facet: pin.facet,
    view: pin.view,
    rootId: pin.rootId,
    status: pin.status,
    done: pin.done,
    total: pin.total,
    lastError: pin.lastError,
  };
}

/**
 * The workspace's reads and release actions for the renderer, over the
 * current session: cache-aware reads (live when online, cached otherwise),
 * transitions and versions (queued in the outbox when offline), pins and
 * recently opened elements.
 */
export class WorkspaceService {
  readonly #options: WorkspaceServiceOptions;
  readonly #recents: RecentsStore;

  constructor(options: WorkspaceServiceOptions) {
    this.#options = options;
    this.#recents = new RecentsStore(options.dataDir, options.logger);
  }

  async #open(): Promise<SessionReads> {
    const session = await this.#options.session.open();
    if (!session) {
      throw new LanesError({ code: 'workspace.notConnected', message: 'No tenant is connected.' });
    }
    return session.reads;
  }

  #outbox(reads: SessionReads): OutboxService {
    return this.#options.outboxes.for(reads.session);
  }

  async facets(): Promise<Freshness & { items: Facet[] }> {
    const reads = await this.#open();
    const { value, source, fetchedAt } = await reads.read((r) => r.listFacets());
    return { items: value, source, fetchedAt };
  }

  async views(facet: string): Promise<Freshness & { items: FacetView[] }> {
    const reads = await this.#open();
    const { value, source, fetchedAt } = await reads.read((r) => r.listViews(facet));
    return { items: value, source, fetchedAt };
  }

  async elements(request: z.output<typeof elementsRequestSchema>): Promise<ElementsPage> {
    return listElements(await this.#open(), request);
  }

  /** Opening the current version also records it as recently opened. */
  async element(request: ElementRequest): Promise<ElementPage> {
    const reads = await this.#open();
    const { page, element } = await elementPage(reads, this.#outbox(reads).outbox, request);
    if (!page.readOnlyVersion) {
      try {
        this.#recents.record(reads.session.profile, {
          facet: page.facet,
          view: page.view,
          id: element.id,
          type: element.type,
          displayNames: namesOf(element),
        });
      } catch (error) {
        // Remembering is a convenience: a full disk must not hide the page.
        this.#options.logger.warn('Could not record a recently opened element', error);
      }
    }
    return page;
  }

  async diagram(request: { id: string; layout: LayoutKey; culture: number }): Promise<ServerDiagram> {
    const reads = await this.#open();
    let read;
    try {
      read = await reads.read((r) => r.renderDiagram(request.id, request.culture, request.layout));
    } catch (cause) {
      // The client stopped reading a render over its limit: for the page that is one more "too large".
      if (cause instanceof LanesError && cause.code === 'api.responseTooLarge')
        throw new LanesError({
          code: 'diagram.tooLarge',
          message: `The ${request.layout} diagram of ${request.id} is too large to show safely.`,
          params: { kind: 'input', limit: String(BODY_LIMITS.render) },
          cause,
        });
      throw cause;
    }
    const { value, source, fetchedAt } = read;
    // Sanitised once, when it was stored (main/cache/render-store.ts); a rendering that could not be
    // stored (a cache of another tenant) is sanitised here.
    const stored = reads.session.store.renders.shown(request.id, request.culture, request.layout);
    const shown = stored?.fetchedAt === fetchedAt ? stored.shown : shownRenderOf(value);
    if (shown.ok) return { svg: shown.svg, removed: shown.removed, source, fetchedAt };
    const { problem } = shown;
    if (problem !== 'invalid')
      throw new LanesError({
        code: 'diagram.tooLarge',
        message: `The ${request.layout} diagram of ${request.id} is too large to show safely.`,
        params: { kind: problem.kind, limit: String(problem.limit) },
      });
    throw new LanesError({
      code: 'api.invalidResponse',
      message: `The ${request.layout} diagram of ${request.id} is not a usable SVG.`,
      params: { operation: 'render diagram', field: 'svg' },
    });
  }

  /** Keeps the renderer's picture of a cached rendering (see render-store.ts). */
  async storeDiagramRaster(request: StoreRasterRequest): Promise<{ stored: boolean }> {
    const reads = await this.#open();
    const { id, culture, layout, fetchedAt } = request;
    return {
      stored: reads.session.store.renders.putRaster({ diagramId: id, culture, layout, fetchedAt }, request),
    };
  }

  /**
   * The Diagram tab's picture of the cached rendering, from the cache only: asked before the rendering
   * itself (whose live fetch replaces the row and drops the picture), it is painted while that loads.
   */
  async diagramPicture(request: {
    id: string;
    layout: LayoutKey;
    culture: number;
  }): Promise<{ picture: DiagramPicture; fetchedAt: string } | null> {
    const reads = await this.#open();
    return reads.session.store.renders.diagramPicture(request.id, request.culture, request.layout);
  }

  async transition(request: TransitionRequest): Promise<ActionResult> {
    const reads = await this.#open();
    return this.#afterAction(
      request.id,
      await runReleaseAction(
        reads,
        this.#outbox(reads),
        { facet: request.facet, view: request.view, id: request.id },
        {
          kind: 'transition',
          transitionId: request.transitionId,
          ignoreWarnings: request.ignoreWarnings ?? false,
        },
      ),
    );
  }

  async createVersion(request: { facet: string; view: string; id: string }): Promise<ActionResult> {
    const reads = await this.#open();
    return this.#afterAction(
      request.id,
      await runReleaseAction(reads, this.#outbox(reads), request, { kind: 'createVersion' }),
    );
  }

  #afterAction(id: string, result: ActionResult): ActionResult {
    if (result.outcome === 'applied') this.#options.onElementChanged?.(id);
    return result;
  }

  async pins(): Promise<PinView[]> {
    const reads = await this.#open();
    return listPins(reads.session.db).map(pinView);
  }

  async pin(target: z.output<typeof pinTargetSchema>): Promise<PinView[]> {
    const reads = await this.#open();
    addPin(reads.session.db, { facet: target.facet, view: target.view, rootId: target.rootId });
    this.#options.onPinned?.();
    return listPins(reads.session.db).map(pinView);
  }

  async unpin(id: number): Promise<PinView[]> {
    const reads = await this.#open();
    const pin = getPin(reads.session.db, id);
    if (pin) removePin(reads.session.db, pin);
    return listPins(reads.session.db).map(pinView);
  }

  async recents(): Promise<Recent[]> {
    const reads = await this.#open();
    return this.#recents.list(reads.session.profile);
  }
}
