import type { CacheStore } from '../../cache/cache-store.ts';
import { addPin, listPins, removePin, type Pin } from '../../cache/pins.ts';
import { runPin, type PinRun } from '../../sync/prefetch.ts';
import type { SyncClients } from '../../api/sync-clients.ts';
import { UsageError } from '../cli-error.ts';
import type { CommandContext } from '../context.ts';
import { createProgress, english, printJson, printTable } from '../output.ts';
import { requireArgs, stringOption, type Command } from './command.ts';

/**
 * Prefetch and refresh go to the service (so not with --offline) and write
 * the cache (so only the cache of the tenant they talk to).
 */
export function syncClients(ctx: CommandContext, command: string, store: CacheStore): SyncClients {
  if (ctx.offline) {
    throw new UsageError(`"lanes ${command}" needs the service; it cannot run with --offline.`);
  }
  const clients = { http: ctx.http(), process: ctx.process(), bpmn: ctx.bpmn() };
  if (!store.claimTenant(ctx.tenant())) {
    throw new UsageError(
      `This profile's cache holds another tenant's data (${store.tenant()}); Lanes does not mix them.`,
      'Use a profile of its own for this tenant ("lanes profile add NAME ...").',
    );
  }
  return clients;
}

function pinProgressText(pin: Pin): string {
  if (pin.total === null) return pin.status === 'pending' ? 'not listed yet' : '-';
  return `${pin.total - pin.queued}/${pin.total}`;
}

/** What a finished, cancelled or failed run means for the user, in one line. */
export function describeRun(run: PinRun): string {
  const target = `${run.pin.facet}/${run.pin.view}${run.pin.rootId ? ` below ${run.pin.rootId}` : ''}`;
  if (run.status === 'cancelled') {
    return english(
      'Stopped: {target} has {left, plural, one {# element} other {# elements}} left; run "lanes offline pin" or "lanes sync" again to continue.',
      { target, left: run.pin.queued },
    );
  }
  return english(
    '{target} is available offline ({total, plural, one {# element} other {# elements}}, {fetched} fetched now).',
    { target, total: run.pin.total ?? 0, fetched: run.fetched },
  );
}

const ROOT_OPTION = { root: { type: 'string' as const } };

export const offlineCommands: Command[] = [
  {
    name: 'offline pin',
    args: 'FACET VIEW [--root ID]',
    summary: 'Make a view (or the subtree below --root) available offline: prefetch it now, resumable',
    options: ROOT_OPTION,
    async run(ctx, positionals, values) {
      const [facet, view] = requireArgs(this, positionals, ['FACET', 'VIEW']);
      const store = await ctx.cacheStore();
      const clients = syncClients(ctx, this.name, store);
      const pin = addPin(store.db, {
        facet: facet!,
        view: view!,
        rootId: stringOption(values, 'root') ?? null,
        culture: Number(ctx.culture),
      });
      const progress = createProgress(`${facet}/${view}`);
      const run = await runPin(clients, store, pin.id, {
        culture: Number(ctx.culture),
        signal: ctx.signal,
        onProgress: (p) => progress.update(p.done, p.total),
      });
      progress.done();
      if (ctx.out.json) return printJson(ctx.out, run);
      ctx.out.write(describeRun(run) + '\n');
    },
  },
  {
    name: 'offline unpin',
    args: 'FACET VIEW [--root ID]',
    summary: 'Stop keeping a view available offline (what is cached stays until a refresh removes it)',
    options: ROOT_OPTION,
    async run(ctx, positionals, values) {
      const [facet, view] = requireArgs(this, positionals, ['FACET', 'VIEW']);
      const rootId = stringOption(values, 'root') ?? null;
      const removed = removePin(await ctx.database(), { facet: facet!, view: view!, rootId });
      if (!removed) {
        throw new UsageError(
          `${facet}/${view}${rootId ? ` below ${rootId}` : ''} is not pinned.`,
          'See the pins with "lanes offline list".',
        );
      }
      if (ctx.out.json) return printJson(ctx.out, { unpinned: { facet, view, rootId } });
      ctx.out.write(`Unpinned ${facet}/${view}${rootId ? ` below ${rootId}` : ''}.\n`);
    },
  },
  {
    name: 'offline list',
    args: '',
    summary: 'List what is available offline, with the progress of each prefetch',
    async run(ctx) {
      const pins = listPins(await ctx.database());
      if (ctx.out.json) return printJson(ctx.out, pins);
      printTable(
        ctx.out,
        ['FACET', 'VIEW', 'ROOT', 'CULTURE', 'STATUS', 'FETCHED', 'PROBLEM'],
        pins.map((p) => [
          p.facet,
          p.view,
          p.rootId ?? '(all)',
          p.culture ?? '',
          p.status,
          pinProgressText(p),
          p.lastError ?? '',
        ]),
      );
    },
  },
];
