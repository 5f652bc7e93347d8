/**
 * The workspace's side of landscape links: which tab a linked process was
 * opened from (the breadcrumb's state) and the names of linked processes
 * until their tab reports its own title. The workspace opens and selects
 * the tabs; this only remembers and renders.
 */
import type { EditorTarget } from '../../../../shared/domain/editor.ts';
import type { EditorTabEntry, EditorTabsState, TabSource } from '../editor-tabs.ts';
import { tabKey } from '../editor-tabs.ts';
import type { OpenLinkedProcess } from './link-trail.ts';
import { renderTrail } from './link-trail.ts';
import { followLink, noTrail, trailTo, type LinkTrail, type TrailStep } from './trail-state.ts';

export class LinkNavigation {
  #trail: LinkTrail = noTrail;
  readonly #names = new Map<string, string>();

  /** Remembers where the link was followed from; returns the tab to open for the linked process. */
  follow(
    { target, name, fromKey }: OpenLinkedProcess,
    tabs: EditorTabsState,
    titleOf: (key: string) => string | undefined,
    culture: EditorTarget['culture'],
  ): EditorTabEntry {
    const source: TabSource = { kind: 'process', target: { ...target, culture } };
    const key = tabKey(source);
    const from = tabs.tabs.find((tab) => tab.key === fromKey);
    if (from)
      this.#trail = followLink(this.#trail, key, {
        key: fromKey,
        source: from.source,
        title: titleOf(fromKey) ?? fromKey,
      });
    this.#names.set(key, name);
    return { key, source };
  }

  /** The breadcrumb of the front tab, when it was opened through a link. */
  render(
    tabs: EditorTabsState,
    titleOf: (key: string) => string | undefined,
    onBack: (step: TrailStep) => void,
  ): unknown {
    const key = tabs.activeKey;
    const steps = key ? trailTo(this.#trail, key) : [];
    const current = key ? (titleOf(key) ?? this.#names.get(key) ?? '') : '';
    return renderTrail(steps, current, (step) => titleOf(step.key) ?? step.title, onBack);
  }
}
