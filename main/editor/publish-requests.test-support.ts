/**
 * What one publish costs, counted where it happens: every HTTP request the
 * emulator answers (over real loopback HTTP) and every event main sends to
 * the renderer, for a publish through the app's own dispatch (as a tab's
 * Publish button makes it: open, save the draft, publish). Used by
 * publish-requests.test.ts and bench/publish-requests.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../../emulator/index.ts';
import type { EditorDocument, PublishedEvent, PublishResult } from '../../shared/domain/editor.ts';
import type { ElementsPage } from '../../shared/domain/workspace.ts';
import { testMainServices } from '../app/main-side.test-support.ts';
import { MemorySecretStore } from '../profiles/secret-store.ts';
import { connectProfile } from '../profiles/profiles.test-support.ts';

export interface PublishCost {
  /** "GET /…/elements/{id}", in the order the emulator answered them. */
  requests: string[];
  /** The events main sent while publishing, by channel. */
  events: Record<string, number>;
  /** The answer: an acknowledgement when published. */
  result: PublishResult;
  /** The outcome as the tabs were told it (`editor.published`), with the document. */
  published: PublishedEvent | undefined;
}

/** Opens a process, saves a renamed draft, then counts what publishing it costs. */
export async function countOnePublish(): Promise<PublishCost> {
  const requests: string[] = [];
  let counting = false;
  const emulator = await startEmulator({
    seed: 'demo',
    logger: {
      info: (message, extra) => {
        if (counting && message === 'request') {
          const path = String(extra?.url ?? '').replace(/^\/[^/]+\/[^/]+\//, '/');
          requests.push(`${String(extra?.method)} ${path}`);
        }
      },
      warn: () => {},
      error: () => {},
    },
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'lanes-publish-cost-'));
  const secrets = new MemorySecretStore();
  connectProfile(dataDir, secrets, emulator.config);
  const events: Record<string, number> = {};
  let published: PublishedEvent | undefined;
  const app = testMainServices({
    dataDir,
    events: (channel, payload) => {
      if (!counting) return;
      events[channel] = (events[channel] ?? 0) + 1;
      if (channel === 'editor.published') published = payload as PublishedEvent;
    },
    secrets,
  });
  const call = async <T>(channel: string, payload: unknown): Promise<T> => {
    const answer = await app.dispatch(channel, payload);
    if (!answer.ok) throw new Error(`${channel}: ${JSON.stringify(answer.error)}`);
    return answer.value as T;
  };
  try {
    const listed = await call<ElementsPage>('workspace.elements', {
      facet: 'processes',
      view: 'processList',
      page: 1,
      pageSize: 100,
    });
    const process = listed.items.find((item) => item.type === 'process' && item.state === 'inProcess');
    if (!process) throw new Error('The demo seed has an in-process process.');
    const target = { facet: 'processes', view: 'processList', id: process.id, culture: 1033 };
    const opened = await call<EditorDocument>('editor.open', target);
    await call('editor.saveDraft', {
      ...target,
      xml: opened.xml.replace(/ name="[^"]+"/, ' name="Counted"'),
    });
    // Events of the save may still be on their way: only the publish is counted.
    await new Promise((resolve) => setImmediate(resolve));
    counting = true;
    const result = await call<PublishResult>('editor.publish', target);
    await new Promise((resolve) => setTimeout(resolve, 50));
    counting = false;
    return { requests, events, result, published };
  } finally {
    app.dispose();
    await emulator.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
