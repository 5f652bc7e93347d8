/**
 * The emulator's current row of an element, read and changed directly: how a
 * test plays "on the service meanwhile" for what the release pre-flight reads
 * (description, owner, state), without a client of its own.
 */
import assert from 'node:assert/strict';
import type { RunningEmulator } from '../../emulator/index.ts';
import { demoProcesses } from './demo-world.ts';

type CultureMap = Record<string, string>;

export interface ServiceRow {
  state: string;
  attributes: Record<string, CultureMap>;
  related: Record<string, unknown[]>;
}

export function serviceRow(emulator: RunningEmulator, id: string): ServiceRow {
  const found = emulator.db
    .prepare('SELECT state, attributes, related FROM elements WHERE id = ? AND is_current = 1')
    .get(id) as { state: string; attributes: string; related: string };
  return {
    state: found.state,
    attributes: JSON.parse(found.attributes) as ServiceRow['attributes'],
    related: JSON.parse(found.related) as ServiceRow['related'],
  };
}

function writeServiceRow(emulator: RunningEmulator, id: string, row: ServiceRow): void {
  emulator.db
    .prepare('UPDATE elements SET attributes = ?, related = ? WHERE id = ? AND is_current = 1')
    .run(JSON.stringify(row.attributes), JSON.stringify(row.related), id);
}

/** No description in any culture, no owner: what the service warns about on release. */
export function stripDescriptionAndOwner(emulator: RunningEmulator, id: string): void {
  const row = serviceRow(emulator, id);
  delete row.attributes['description'];
  delete row.related['owner'];
  writeServiceRow(emulator, id, row);
}

/** A description and an owner: a complete element, so only Lanes' own findings remain. */
export function giveDescriptionAndOwner(emulator: RunningEmulator, id: string): void {
  const row = serviceRow(emulator, id);
  row.attributes['description'] = { '1033': '<p>Why this process exists.</p>' };
  const owner = emulator.db
    .prepare("SELECT id FROM elements WHERE is_current = 1 AND type = 'user' LIMIT 1")
    .get() as { id: string };
  row.related['owner'] = [{ facetName: 'organization', id: owner.id, creationId: owner.id, type: 'user' }];
  writeServiceRow(emulator, id, row);
}

/** Each call: an in-process demo process with a diagram no earlier call of this taker returned. */
export function inProcessTaker(emulator: () => RunningEmulator): () => string {
  const taken = new Set<string>();
  return () => {
    const found = demoProcesses(emulator()).find(
      (process) => process.state === 'inProcess' && process.shapes >= 2 && !taken.has(process.id),
    );
    assert.ok(found, 'the demo seed has an unused in-process process with a diagram');
    taken.add(found.id);
    return found.id;
  };
}
