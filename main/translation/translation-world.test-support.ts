import assert from 'node:assert/strict';
import type { Element } from '../../shared/domain/process.ts';
import type { TranslationTarget } from '../../shared/domain/translation.ts';
import type { TranslationRow } from '../../shared/domain/translation-rows.ts';
import { createMemoryLogger } from '../log/logger.ts';
import type { SyncService } from '../sync/sync-service.ts';
import { testSyncService } from '../editor/editor-world.test-support.ts';
import { startWorkspaceWorld, type WorkspaceWorld } from '../workspace/workspace-world.test-support.ts';
import { TranslationService } from './translation-service.ts';

export const FACET = 'processes';
export const VIEW = 'processList';

export interface TranslationWorld extends WorkspaceWorld {
  translation: TranslationService;
  sync: SyncService;
  /** An editable process with a diagram no other test used, as a German → English target. */
  freshTarget(): Promise<TranslationTarget>;
  /** The service's BPMN of a process in a culture (straight from the emulator). */
  serverXml(id: string, lcid: number): Promise<string>;
  /** Another client imports a changed export of one culture directly on the service. */
  otherClient(id: string, lcid: number, change: (xml: string) => string | Promise<string>): Promise<void>;
}

export async function startTranslationWorld(): Promise<TranslationWorld> {
  const world = await startWorkspaceWorld();
  const session = await world.session();
  const processes: Element[] = await session.clients.process.listAllElements(FACET, VIEW);
  const used = new Set<string>();
  const serverXml = (id: string, lcid: number): Promise<string> => session.clients.bpmn.exportBpmn(id, lcid);
  return Object.assign(world, {
    translation: new TranslationService({
      session: world.current,
      outboxes: world.outboxes,
      logger: createMemoryLogger(),
    }),
    sync: testSyncService(world, 1033),
    async freshTarget(): Promise<TranslationTarget> {
      for (const element of processes) {
        if (element.state !== 'inProcess' || used.has(element.id)) continue;
        if (!(await serverXml(element.id, 1031)).includes('<bpmn:task')) continue;
        used.add(element.id);
        return { facet: FACET, view: VIEW, id: element.id, source: 1031, target: 1033 };
      }
      assert.fail('the demo seed has no unused editable process with a diagram');
    },
    serverXml,
    async otherClient(id: string, lcid: number, change: (xml: string) => string | Promise<string>) {
      await session.clients.bpmn.importBpmn(id, lcid, await change(await serverXml(id, lcid)));
    },
  });
}

/** What a translator does in the table: new target texts for rows, as the workbench saves them. */
export function editsFor(rows: readonly TranslationRow[], texts: readonly string[]) {
  return rows.map((row, i) => ({ key: row.key, text: texts[i]!, base: row.server, source: row.source }));
}
