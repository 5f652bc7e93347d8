import type { Element } from '../../shared/domain/process.ts';
import type { BpmnClient } from '../api/process/bpmn-client.ts';
import type { ProcessClient } from '../api/process/process-client.ts';
import type { CacheStore } from '../cache/cache-store.ts';
import { flattenListing } from '../cache/element-tree.ts';
import type { OperationBase } from './outbox-store.ts';

/** The service's interfaces the outbox sends through. */
export interface OutboxClients {
  process: ProcessClient;
  bpmn: BpmnClient;
}

/**
 * The service as one attempt to send an operation sees it: the element and
 * its export are asked for at most once each (the check before sending, the
 * merge and the "did it arrive?" share them), and asked again only after the
 * send changed them. What comes back is kept in the cache, so the next open,
 * draft or publish starts from what the service holds instead of asking again.
 */
export class ServiceView {
  readonly #clients: OutboxClients;
  readonly #cache: CacheStore | undefined;
  readonly #where: OperationBase & { elementId: string };
  readonly #signal: { signal?: AbortSignal };
  #element: Promise<Element> | undefined;
  readonly #exports = new Map<number, Promise<string>>();

  constructor(
    clients: OutboxClients,
    cache: CacheStore | undefined,
    where: OperationBase & { elementId: string },
    signal: { signal?: AbortSignal },
  ) {
    this.#clients = clients;
    this.#cache = cache;
    this.#where = where;
    this.#signal = signal;
  }

  element(): Promise<Element> {
    this.#element ??= this.#clients.process
      .getElement(this.#where.facet, this.#where.view, this.#where.elementId, {}, this.#signal)
      .then((element) => {
        this.#cache?.putElements(flattenListing([element]).rows);
        return element;
      });
    return this.#element;
  }

  /** The export in a culture; kept in the cache stamped with the element's version when it is known. */
  exported(culture: number): Promise<string> {
    let exported = this.#exports.get(culture);
    if (!exported) {
      exported = this.#clients.bpmn.exportBpmn(this.#where.elementId, culture, this.#signal).then((xml) => {
        this.#cache?.putBpmn(this.#where.elementId, culture, xml);
        return xml;
      });
      this.#exports.set(culture, exported);
    }
    return exported;
  }

  /**
   * After the element's state or version changed, what the user may do with
   * it changes too (the info's permissions): asked again and kept. Best
   * effort: without it the editor counts permissions as unknown.
   */
  async refreshInfo(): Promise<void> {
    try {
      const { facet, view, elementId } = this.#where;
      const info = await this.#clients.process.getInfo(facet, view, elementId, this.#signal);
      this.#cache?.putDetail(elementId, 'info', info);
    } catch {
      // The operation arrived; only what it means for editing could not be learnt.
    }
  }

  /** The element as an answer described it (a transition's or a new version's): no need to ask. */
  learnt(element: Element): void {
    this.#element = Promise.resolve(element);
    this.#cache?.putElements(flattenListing([element]).rows);
  }

  /** The service's copy in a culture is unknown now (a send arrived, but its export could not be read). */
  unknownExport(culture: number): void {
    this.#cache?.forgetBpmn(this.#where.elementId, culture);
  }

  /** The send changed the service: what was seen before is stale. */
  forget(): void {
    this.#element = undefined;
    this.#exports.clear();
  }
}
