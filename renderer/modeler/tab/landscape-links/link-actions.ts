/**
 * The tab side of landscape links: answers the canvas's "pick" and "open"
 * (call-activity-links.ts). Picking shows the element picker over the
 * landscape (the service's list online, the cache offline) and sets the call
 * activity's `calledElement` to the picked process's element id through
 * bpmn-js's `modeling`, so it is one undoable step. Opening looks the id up
 * (`workspace.element`, cache first offline) and asks the workspace for a new
 * tab, remembering where it came from for the breadcrumb. An id the landscape
 * does not know is a note in the tab, never an error.
 */
import { html } from 'lit';
import { OpenedOnce } from '../../../base/opened-once.ts';
import { pickCulture } from '../../../../shared/domain/culture.ts';
import { t } from '../../../i18n/locale-controller.ts';
import type { PickedElement } from '../element-picker.ts';
import { PROCESS_FACET } from '../element-picker.ts';
import type { TabContext } from '../tab-context.ts';
import {
  calledElementOf,
  OPEN_LINKED_PROCESS,
  PICK_LINKED_PROCESS,
  type LinkableElement,
} from '../../features/call-activity-links/call-activity-links.ts';
import { openLinkedProcessEvent } from './link-trail.ts';
import '../element-picker.ts';

interface ModelingLike {
  updateProperties(element: unknown, properties: Record<string, unknown>): void;
}

interface EventBusLike {
  on(event: string, callback: (event: { element: LinkableElement }) => void): void;
}

const nameOf = (element: LinkableElement): string => element.businessObject.name?.trim() || element.id;

export class LinkActions {
  readonly #context: TabContext;
  /** The call activity the picker is open for; null: the picker is closed. */
  #picking: LinkableElement | null = null;
  readonly #picker = new OpenedOnce();

  constructor(context: TabContext) {
    this.#context = context;
  }

  /** Listens to the canvas of the tab's diagram session (once, after the session is made). */
  attach(): void {
    const modeler = this.#context.session()?.modeler;
    if (!modeler) return;
    const eventBus = modeler.get<EventBusLike>('eventBus');
    eventBus.on(PICK_LINKED_PROCESS, ({ element }) => {
      this.#picking = element;
      this.#context.tab.requestUpdate();
    });
    eventBus.on(OPEN_LINKED_PROCESS, ({ element }) => void this.open(element));
  }

  #pick(picked: PickedElement): void {
    const element = this.#picking;
    this.#picking = null;
    const session = this.#context.session();
    if (element && session && !session.readOnly) {
      session.modeler.get<ModelingLike>('modeling').updateProperties(element, { calledElement: picked.id });
      this.#context.tab.state.say(t('links.linked', { name: nameOf(element), process: picked.name }));
    }
    this.#context.tab.requestUpdate();
  }

  /** Opens the process the call activity calls in a new tab (or the one already open). */
  async open(element: LinkableElement): Promise<void> {
    const { tab } = this.#context;
    const called = calledElementOf(element);
    if (!called) {
      tab.state.say(t('links.notLinked', { name: nameOf(element) }));
      return;
    }
    let page;
    try {
      page = await tab.client.request('workspace.element', { facet: PROCESS_FACET, id: called });
    } catch {
      // Not a process of this landscape (another tool's process id), or not cached while offline.
      tab.state.say(t('links.unknown', { name: nameOf(element), called }));
      return;
    }
    const culture = tab.state.doc?.culture ?? 1033;
    tab.dispatchEvent(
      openLinkedProcessEvent({
        target: { facet: page.facet, view: page.view, id: page.element.id },
        name:
          pickCulture(page.element.attributes['name'], culture).text ||
          pickCulture(page.element.displayNames, culture).text ||
          page.element.id,
        fromKey: tab.tabKey,
      }),
    );
  }

  renderPicker(): unknown {
    const { tab } = this.#context;
    return this.#picker.render(
      this.#picking !== null,
      (open) =>
        html`<lanes-element-picker
          data-testid="linked-process-picker"
          .culture=${tab.state.doc?.culture ?? 1033}
          .heading=${t('links.picker.heading')}
          .open=${open}
          @element-picked=${(event: CustomEvent<PickedElement>) => {
            event.stopPropagation();
            this.#pick(event.detail);
          }}
          @dialog-cancel=${(event: Event) => {
            event.stopPropagation();
            this.#picking = null;
            tab.requestUpdate();
          }}
        ></lanes-element-picker>`,
    );
  }
}
