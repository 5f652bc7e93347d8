import assert from 'node:assert/strict';
import type { Element } from '../../shared/domain/process.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { parseBpmn } from '../bpmn/bpmn-items.ts';
import { SyncService } from '../sync/sync-service.ts';
import { startWorkspaceWorld, type WorkspaceWorld } from '../workspace/workspace-world.test-support.ts';
import type { PublishResult, PublishedEvent } from '../../shared/domain/editor.ts';
import type { EditorEvent } from './editor-announcer.ts';
import { EditorService } from './editor-service.ts';

export const FACET = 'processes';
export const VIEW = 'processList';
export const CULTURE = 1033 as const;

export interface EditorWorld extends WorkspaceWorld {
  editor: EditorService;
  sync: SyncService;
  /** A process with a diagram of at least two tasks, in this state, that no other test used. */
  freshProcess(state: string): Promise<Element>;
  /** The service's current BPMN of a process (straight from the emulator). */
  serverXml(id: string): Promise<string>;
  /** Another client changes the process directly on the service. */
  otherClient(id: string, change: (xml: string) => string): Promise<void>;
  /**
   * The outcome of the latest publish of this process, as the tabs are told it (`editor.published`):
   * a publish's answer is an acknowledgement, the document arrives only here.
   */
  publishedOutcome(id: string): PublishResult;
}

/** The demo emulator, a connected data folder, and the editor (plus sync) over its real cache file. */
export async function startEditorWorld(): Promise<EditorWorld> {
  const world = await startWorkspaceWorld();
  const used = new Set<string>();
  const session = await world.session();
  const processes = await session.clients.process.listAllElements(FACET, VIEW);
  const serverXml = (id: string): Promise<string> => session.clients.bpmn.exportBpmn(id, CULTURE);
  const published: PublishedEvent[] = [];
  return Object.assign(world, {
    editor: new EditorService({
      session: world.current,
      outboxes: world.outboxes,
      logger: createMemoryLogger(),
      emit: (event: EditorEvent) => {
        if (event.channel === 'editor.published') published.push(event.payload);
      },
    }),
    sync: testSyncService(world, CULTURE),
    async freshProcess(state: string) {
      for (const element of processes) {
        if (element.type !== 'process' || element.state !== state || used.has(element.id)) continue;
        if (taskNames(await serverXml(element.id)).length < 2) continue;
        used.add(element.id);
        return element;
      }
      assert.fail(`the demo seed has no unused ${state} process with a diagram`);
    },
    serverXml,
    async otherClient(id: string, change: (xml: string) => string) {
      await session.clients.bpmn.importBpmn(id, CULTURE, change(await serverXml(id)));
    },
    publishedOutcome(id: string) {
      const told = published.findLast((event) => event.id === id);
      assert.ok(told, `no editor.published was told for ${id}`);
      return told.result;
    },
  });
}

/**
 * The sync service as the app builds it, for tests that send with "Sync now"
 * themselves: no send on the service's return (sync/send-when-back-online.test.ts tests that).
 */
export function testSyncService(world: WorkspaceWorld, culture: number): SyncService {
  return new SyncService({
    session: world.current,
    outboxes: world.outboxes,
    env: {},
    culture: () => culture,
    logger: createMemoryLogger(),
    onStatus: () => {},
    sendWhenBackOnline: false,
  });
}

export function taskNames(xml: string): string[] {
  return [...xml.matchAll(/<bpmn:task id="[^"]+" name="([^"]+)"/g)].map((m) => m[1]!);
}

/** An edit as a modeler makes it: the nth task gets a new name. */
export function renameTask(n: number, to: string): (xml: string) => string {
  return (xml) => {
    const name = taskNames(xml)[n];
    assert.ok(name, `the diagram has a task number ${n}`);
    return xml.replace(`name="${name}"`, `name="${to}"`);
  };
}

/** The diagram's flow nodes and flows by id with their names, parsed (not compared as strings). */
export async function namesById(xml: string): Promise<Map<string, string>> {
  const doc = await parseBpmn(xml);
  const names = new Map<string, string>();
  for (const item of doc.items.values()) {
    if (item.kind !== 'semantic') continue;
    if (!/Task|Event|Gateway|SequenceFlow/.test(item.element.$type)) continue;
    names.set(item.key, String((item.element as { name?: string }).name ?? ''));
  }
  return names;
}
