/**
 * Which tab each tab opened through a call activity came from: pure state
 * for the breadcrumb (link-trail.ts renders it).
 */
import type { TabSource } from '../editor-tabs.ts';

export interface TrailStep {
  key: string;
  source: TabSource;
  /** The title the tab had when the link was followed (kept for a closed parent). */
  title: string;
}

/** Child tab key → the tab it was opened from. */
export type LinkTrail = ReadonlyMap<string, TrailStep>;

export const noTrail: LinkTrail = new Map();

/** The child was opened from `parent`; a tab opened from itself (a process calling itself) has no trail. */
export function followLink(trail: LinkTrail, childKey: string, parent: TrailStep): LinkTrail {
  if (childKey === parent.key) return trail;
  return new Map(trail).set(childKey, parent);
}

/** The way to `key`, outermost first (without `key` itself); cycles stop where they repeat. */
export function trailTo(trail: LinkTrail, key: string): TrailStep[] {
  const steps: TrailStep[] = [];
  const seen = new Set([key]);
  for (let step = trail.get(key); step && !seen.has(step.key); step = trail.get(step.key)) {
    seen.add(step.key);
    steps.unshift(step);
  }
  return steps;
}
