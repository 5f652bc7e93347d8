import { LocalError, UsageError } from '../cli-error.ts';
import { LanesError, type LanesErrorData } from '../../../shared/ipc/errors.ts';
import { translateError } from '../../../shared/i18n/translate.ts';
import type { CommandContext } from '../context.ts';
import { printJson, printTable } from '../output.ts';
import { checkBpmnDocument } from './bpmn.ts';
import { readBpmnInputFile } from './files.ts';
import { requireArgs, stringOption, type Command, type OptionValues } from './command.ts';
import type { NotKeptItem } from '../../../shared/domain/editor.ts';
import { verificationLine } from '../../bpmn/publish-verification.ts';
import type { SendReport } from '../../sync/outbox-sender.ts';
import { resolveConflict } from '../../sync/resolve-conflict.ts';

const WHERE = { facet: { type: 'string' }, view: { type: 'string' } } as const;

/** Facet and view of an element: from the flags, else from where the cache has seen it. */
async function placeOf(
  ctx: CommandContext,
  elementId: string,
  values: OptionValues,
): Promise<{ facet: string; view: string }> {
  const facet = stringOption(values, 'facet');
  const view = stringOption(values, 'view');
  if (facet && view) return { facet, view };
  const seen = (await ctx.cacheStore()).placeOf(elementId);
  if (seen) return seen;
  throw new UsageError(
    `Lanes does not know which view lists ${elementId}.`,
    'Pass --facet and --view (for example --facet processes --view processList).',
  );
}

/** Per published process: what the service did not keep (verified publish; null: not checked). */
interface VerifiedImport {
  elementId: string;
  notKept: NotKeptItem[] | null;
}

/** Sends the outbox now and says what happened; failures of the network leave everything queued. */
export async function sendAndReport(
  ctx: CommandContext,
): Promise<SendReport & { verified: VerifiedImport[] }> {
  const verified: VerifiedImport[] = [];
  // A command the user runs is an explicit retry: waiting operations are sent now.
  const report = await (
    await ctx.outbox()
  ).send('cli', {
    signal: ctx.signal,
    onEvent: (event) => {
      if (event.type === 'done' && event.notKept !== undefined) {
        verified.push({ elementId: event.op.elementId, notKept: event.notKept });
        ctx.notify(`lanes: ${verificationLine(event.op.elementId, event.notKept)}\n`);
      }
      if (event.type === 'merged') {
        const mine = event.applied.map((c) => `${c.kind} ${c.name ?? c.id}`).join(', ');
        ctx.notify(
          `lanes: ${event.op.elementId} changed on the server meanwhile; merged your changes (${mine}) with theirs.\n`,
        );
      }
      if (event.type === 'conflict')
        ctx.notify(`lanes: conflict ${event.conflictId} on ${event.op.elementId}: see "lanes conflicts".\n`);
      if (event.type === 'failed')
        ctx.notify(`lanes: ${event.op.kind} of ${event.op.elementId} failed: ${inEnglish(event.error)}\n`);
      if (event.type === 'retrying')
        ctx.notify(
          `lanes: ${event.op.kind} of ${event.op.elementId} will be retried (${inEnglish(event.error)}).\n`,
        );
    },
  });
  if (report.pausedBy) ctx.notify(`lanes: the queue is paused: ${inEnglish(report.pausedBy)}\n`);
  return { ...report, verified };
}

export const editCommands: Command[] = [
  {
    name: 'drafts',
    args: '',
    summary: 'List saved drafts (local edits not yet published)',
    async run(ctx) {
      const { drafts } = await ctx.outbox();
      const list = drafts.list().map(({ baseXml: _b, localXml: _l, ...rest }) => rest);
      if (ctx.out.json) return printJson(ctx.out, list);
      printTable(
        ctx.out,
        ['ELEMENT', 'CULTURE', 'SAVED', 'BASE VERSION'],
        list.map((d) => [d.elementId, d.culture, d.savedAt, d.baseVersionId ?? '']),
      );
    },
  },
  {
    name: 'draft save',
    args: 'ID FILE.bpmn [--culture LCID] [--facet F --view V]',
    summary: 'Save a BPMN file as a draft of a process (works offline once the process was seen)',
    options: WHERE,
    async run(ctx, positionals) {
      const [id, file] = requireArgs(this, positionals, ['ID', 'FILE.bpmn']);
      const xml = await readBpmnInputFile(ctx, file!);
      checkBpmnDocument(xml, file!);
      const culture = Number(ctx.culture);
      const { drafts } = await ctx.outbox();
      const existing = drafts.get(id!, culture);
      const base = existing ? undefined : (await ctx.cacheStore()).bpmnExport(id!, culture);
      if (!existing && !base) {
        throw new LocalError(
          `Lanes has no server version of ${id} in culture ${culture} to base the draft on.`,
          'Export or pin the process once while online ("lanes bpmn export ID" or "lanes offline pin …").',
        );
      }
      const saved = existing
        ? drafts.save({ ...existing, localXml: xml })
        : drafts.save({
            elementId: id!,
            culture,
            baseVersionId: base!.versionId,
            baseChangedOn: base!.changedOn,
            baseXml: base!.xml,
            localXml: xml,
          });
      ctx.out.write(`Saved draft of ${id} (culture ${culture}) at ${saved.savedAt}.\n`);
    },
  },
  {
    name: 'publish',
    args: 'ID [--culture LCID] [--new-version] [--facet F --view V]',
    summary: 'Queue a draft for the service and send it now if the service is reachable',
    options: { ...WHERE, 'new-version': { type: 'boolean' } },
    async run(ctx, positionals, values) {
      const [id] = requireArgs(this, positionals, ['ID']);
      const culture = Number(ctx.culture);
      const outbox = await ctx.outbox();
      if (!outbox.drafts.get(id!, culture))
        throw new LocalError(
          `There is no draft of ${id} in culture ${culture}.`,
          'List drafts with "lanes drafts".',
        );
      const place = await placeOf(ctx, id!, values);
      outbox.publish({ elementId: id!, culture, ...place }, { newVersion: values['new-version'] === true });
      const report = await sendAndReport(ctx);
      if (ctx.out.json) return printJson(ctx.out, report);
      ctx.out.write(
        `Published: ${report.done} sent, ${report.merged} merged, ${report.conflicts} conflicts, ${report.failed} failed, ${report.retrying} waiting.\n`,
      );
    },
  },
  {
    name: 'outbox',
    args: '',
    summary: 'List operations waiting for, or sent to, the service',
    async run(ctx) {
      const { outbox } = await ctx.outbox();
      const list = outbox.list().map(({ payload: _p, ...rest }) => rest);
      // Entries whose stored payload cannot be read are never sent, but still listed.
      const damaged = outbox.damaged();
      if (ctx.out.json)
        return printJson(ctx.out, [
          ...list,
          ...damaged.map((o) => ({ ...o, state: 'failed', lastError: o.reason, damaged: true })),
        ]);
      printTable(
        ctx.out,
        ['OPERATION', 'ELEMENT', 'KIND', 'STATE', 'ATTEMPTS', 'LAST ERROR'],
        [
          ...list.map((o) => [
            o.opId,
            o.elementId,
            o.kind,
            o.state,
            o.attempts,
            o.lastError ? inEnglish(o.lastError) : '',
          ]),
          ...damaged.map((o) => [o.opId, o.elementId, o.kind, 'failed', '', o.reason]),
        ],
      );
    },
  },
  {
    name: 'conflicts',
    args: '',
    summary: 'List conflicts between your drafts and server changes',
    async run(ctx) {
      const { conflicts } = await ctx.outbox();
      const open = conflicts
        .open()
        .map((c) => ({ id: c.id, elementId: c.elementId, culture: c.culture, overlaps: c.changes.overlaps }));
      if (ctx.out.json) return printJson(ctx.out, open);
      printTable(
        ctx.out,
        ['CONFLICT', 'ELEMENT', 'BOTH CHANGED'],
        open.map((c) => [c.id, c.elementId, c.overlaps.map((o) => o.name ?? o.id).join(', ')]),
      );
    },
  },
  {
    name: 'resolve',
    args: 'CONFLICT --mine | --replace | --theirs | --merged FILE.bpmn',
    summary:
      "Resolve a conflict: keep mine where both changed (theirs elsewhere), replace theirs wholesale, take the server's, or publish a merged file",
    options: {
      mine: { type: 'boolean' },
      replace: { type: 'boolean' },
      theirs: { type: 'boolean' },
      merged: { type: 'string' },
    },
    async run(ctx, positionals, values) {
      const [conflictId] = requireArgs(this, positionals, ['CONFLICT']);
      const chosen = [
        values.mine === true && 'mine',
        values.replace === true && 'replace',
        values.theirs === true && 'theirs',
        typeof values.merged === 'string' && 'merged',
      ].filter(Boolean);
      if (chosen.length !== 1)
        throw new UsageError(
          'Choose exactly one of --mine, --replace, --theirs or --merged FILE.',
          `Usage: lanes resolve ${this.args}`,
        );
      const s = await ctx.outbox();
      const conflict = s.conflicts.get(conflictId!);
      if (!conflict || conflict.resolvedAt)
        throw new LocalError(`There is no open conflict ${conflictId}.`, 'List them with "lanes conflicts".');
      if (values.theirs) {
        await resolveConflict(s, conflict, { resolution: 'theirs' });
        ctx.out.write(`Kept the server version of ${conflict.elementId}; your draft was discarded.\n`);
        return;
      }
      if (typeof values.merged === 'string') {
        const xml = await readBpmnInputFile(ctx, values.merged);
        checkBpmnDocument(xml, values.merged);
        await resolveConflict(s, conflict, { resolution: 'merged', xml });
      } else {
        const resolution = values.replace ? 'replace' : 'mine';
        try {
          await resolveConflict(s, conflict, { resolution });
        } catch (error) {
          if (error instanceof LanesError && error.code === 'editor.keepMineImpossible')
            throw new LocalError(
              `Your changes and the server's to ${conflict.elementId} cannot be combined automatically.`,
              `Use --replace to publish yours over theirs (their version is kept for "Compare versions"), --theirs, or --merged FILE.`,
            );
          throw error;
        }
      }
      const report = await sendAndReport(ctx);
      ctx.out.write(`Resolved ${conflict.id} (${chosen[0]}): ${report.done} sent.\n`);
    },
  },
];

/** An operation's stored error as the English catalogue words it (the CLI's language for outbox lines). */
function inEnglish(error: LanesErrorData): string {
  return translateError('en', error);
}
