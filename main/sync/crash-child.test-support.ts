/**
 * A child process for the crash tests, killed with SIGKILL by its parent.
 *   saves DB        save drafts (and publish every third) in a loop, printing each one after it returned
 *   publish DB CFG  send the outbox, killing itself right after the service applied the import
 */
import type { Connection } from '../profiles/connection-fields.ts';
import { clientsFor } from './emulator-clients.test-support.ts';
import { openDatabase } from '../cache/database.ts';
import { migrations } from '../app/cache-schema.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { OutboxService } from './outbox-service.ts';
import type { BpmnClient } from '../api/process/bpmn-client.ts';
import type { OutboxClients } from './service-view.ts';

const [mode, file, config] = process.argv.slice(2);
// For `saves`, the third argument is where this run's numbering starts.
const { db } = await openDatabase(file!, migrations, createMemoryLogger());
let clients: OutboxClients | undefined;
const service = new OutboxService({ db, clients: () => clients!, reviewMerges: false });
const { drafts, outbox } = service;

if (mode === 'saves') {
  const base = { facet: 'processes', view: 'processList', versionId: 'v', changedOn: 't' };
  for (let n = Number(config ?? 0) + 1; ; n++) {
    const elementId = `e${n % 7}`;
    const draft = {
      elementId,
      culture: 1033,
      baseVersionId: 'v',
      baseChangedOn: 't',
      baseXml: '<base/>',
      localXml: `<x n="${n}"/>`,
    };
    if (n % 3 === 0) {
      const [op] = outbox.enqueue(
        [
          {
            elementId,
            kind: 'bpmnImport',
            payload: {
              culture: 1033,
              xml: draft.localXml,
              baseXml: draft.baseXml,
              originalXml: draft.localXml,
            },
            base,
          },
        ],
        () => drafts.save(draft),
      );
      process.stdout.write(`op ${op!.opId}\n`);
    } else {
      drafts.save(draft);
    }
    process.stdout.write(`saved ${elementId} ${n}\n`);
    if (n % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
}

if (mode === 'publish') {
  const c = JSON.parse(config!) as Connection;
  const { process: processClient, bpmn } = clientsFor(c);
  const dying = {
    exportBpmn: (...args: Parameters<BpmnClient['exportBpmn']>) => bpmn.exportBpmn(...args),
    importBpmn: async (...args: Parameters<BpmnClient['importBpmn']>) => {
      const answer = await bpmn.importBpmn(...args);
      // The service applied it; the process dies before the outbox can record that.
      process.kill(process.pid, 'SIGKILL');
      return answer;
    },
  } as unknown as BpmnClient;
  clients = { process: processClient, bpmn: dying };
  await service.send('cli');
}
