// Types of eslint-rules/layers.js for the TypeScript that tests it (scripts/layers-rule.test.ts).

/** One named group of folders; `allow` names, per folder, the peers of its own group it may import. */
export interface LayerGroup {
  name: string;
  folders: string[];
  allow?: Record<string, string[]>;
}

export function checkDeclaration(root: string, groups: LayerGroup[]): void;
export function findCycle<T>(nodes: T[], next: (node: T) => T[]): T[] | undefined;
export function groupsOf(options: { groups?: LayerGroup[]; tiers?: string[][] }): Required<LayerGroup>[];

declare const plugin: { rules: Record<string, unknown> };
export default plugin;
