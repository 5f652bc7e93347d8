import { pullPins } from '../../sync/pull.ts';
import type { CommandContext } from '../context.ts';
import { createProgress, english, printJson } from '../output.ts';
import type { Command, OptionValues } from './command.ts';
import { describeRun, syncClients } from './offline.ts';
import { sendAndReport } from './edits.ts';

/** `--pull`: the incremental refresh of everything pinned. */
async function pull(ctx: CommandContext): Promise<unknown> {
  const store = await ctx.cacheStore();
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
      english(
        'Pulled {views, plural, one {# view} other {# views}}: {unchanged} unchanged, {updated} updated, ' +
          '{added} added, {removed} removed; {refetched, plural, one {# element} other {# elements}} fetched again, ' +
          '{bytes} bytes in {ms} ms.\n',
        {
          views: result.views.length,
          unchanged: result.unchanged,
          updated: result.updated,
          added: result.added,
          removed: result.removed,
          refetched: result.refetched,
          bytes: result.bytes,
          ms: Math.round(result.ms),
        },
      ),
    );
    for (const run of result.pins.filter((r) => r.status === 'cancelled'))
      ctx.out.write(describeRun(run) + '\n');
  }
  return result;
}

export const syncCommands: Command[] = [
  {
    name: 'sync',
    args: '[--send] [--pull]',
    summary: 'Send queued edits (--send), then refresh what is pinned (--pull); both without a flag',
    options: {
      pull: { type: 'boolean' },
      send: { type: 'boolean' },
      // The older name of --send, kept for scripts written against it.
      push: { type: 'boolean' },
    },
    async run(ctx, _positionals, values: OptionValues) {
      const send = values.send === true || values.push === true;
      // Without a flag, sync does everything it knows.
      const onlySend = send && values.pull !== true;
      const report: Record<string, unknown> = {};
      // The outbox is sent first, so that the pull sees what was sent.
      if (send || values.pull !== true) {
        const sent = await sendAndReport(ctx);
        report.sent = sent;
        if (!ctx.out.json) {
          ctx.out.write(
            `Sent: ${sent.done} sent, ${sent.merged} merged, ${sent.conflicts} conflicts, ` +
              `${sent.failed} failed, ${sent.retrying} waiting.\n`,
          );
        }
      }
      if (!onlySend) report.pull = await pull(ctx);
      if (ctx.out.json) printJson(ctx.out, report);
    },
  },
];
