import { CacheStore } from '../../cache/cache-store.ts';
import { pullPins } from '../../cache/pull.ts';
import type { CommandContext } from '../context.ts';
import { createProgress, printJson } from '../output.ts';
import type { Command, OptionValues } from './command.ts';
import { describeRun, syncClients } from './offline.ts';

/** `--pull`: the incremental refresh of everything pinned. */
async function pull(ctx: CommandContext): Promise<unknown> {
  const store = new CacheStore(await ctx.database());
  const clients = syncClients(ctx, 'sync', store);
  const progress = createProgress('pull');
  const result = await pullPins(clients, store, {
    culture: Number(ctx.culture),
    signal: ctx.signal,
    onProgress: (p) => progress.update(p.done, p.total),
  });
  progress.done();
  if (!ctx.out.json) {
    ctx.out.write(
      `Pulled ${result.views.length} view(s): ${result.unchanged} unchanged, ${result.updated} updated, ` +
        `${result.added} added, ${result.removed} removed; ${result.refetched} element(s) fetched again, ` +
        `${result.bytes} bytes in ${Math.round(result.ms)} ms.\n`,
    );
    for (const run of result.pins.filter((r) => r.status === 'cancelled'))
      ctx.out.write(describeRun(run) + '\n');
  }
  return result;
}

export const syncCommands: Command[] = [
  {
    name: 'sync',
    args: '[--pull]',
    summary: 'Refresh what is pinned for offline use (only what changed on the service)',
    options: {
      pull: { type: 'boolean' },
      // ── PUSH HALF ── the outbox push adds its `push` option here.
    },
    async run(ctx, _positionals, values: OptionValues) {
      // Without a flag, sync does everything it knows.
      const onlyPush = values.push === true && values.pull !== true;
      const report: Record<string, unknown> = {};
      // ── PUSH HALF ── the outbox push runs here, before the pull, so that the pull sees what was pushed:
      //   if (values.push === true || values.pull !== true) report.push = await push(ctx);
      if (!onlyPush) report.pull = await pull(ctx);
      if (ctx.out.json) printJson(ctx.out, report);
    },
  },
];
