/**
 * Publishing a translation: the translated texts of one process in one target
 * culture. They are written into the service's current export *of that
 * culture*, read just before the import, so everything else in it (a German
 * change to the structure, another translator's texts) is what the service
 * has now, and imported with that culture's lcid: the source culture is never
 * sent anything. A text whose target the service changed since the translator
 * began is held back, never overwritten; after the import the service's export
 * is read again and every text it did not keep is named (verified, like a
 * publish). The ledger (TranslationStore) follows in the done transaction.
 */
import { z } from 'zod';
import { isReadOnlyState } from '../../../shared/domain/release-states.ts';
import { errorData } from '../../../shared/ipc/errors.ts';
import type { NotKeptItem } from '../../../shared/domain/editor.ts';
import { parseTranslatable, withTexts } from '../../bpmn/translatable-texts.ts';
import { defineOperation, type Verification } from './operation-handler.ts';

const editSchema = z.object({
  /** `{element id}#{field}` (translation-rows.ts). */
  key: z.string().min(3).max(1000),
  /** The new target text; '' removes it. */
  text: z.string().max(100_000),
  /** The target text on the service when the translation began: a different one now is not overwritten. */
  base: z.string().nullable(),
});

/** What `prepare` made of the edits against the service's export: kept with the operation for send and settle. */
const preparedSchema = z.object({
  /** The document to import; null when nothing is left to send (all there already, or held back). */
  xml: z.string().nullable(),
  /** Texts written into it (or already on the service as written). */
  applied: z.array(z.string()),
  /** Texts not sent: the service's target text changed meanwhile, or the element is gone. */
  heldBack: z.array(z.string()),
});

const wanted = (text: string): string | null => (text === '' ? null : text);

async function textsOf(xml: string): Promise<Map<string, { text: string | null; type: string }>> {
  return new Map((await parseTranslatable(xml)).items.map((item) => [item.key, item]));
}

export const translation = defineOperation({
  kind: 'translation',
  payload: z.object({
    culture: z.number().int(),
    sourceCulture: z.number().int(),
    edits: z.array(editSchema).min(1).max(100_000),
    prepared: preparedSchema.optional(),
  }),

  async prepare(ctx, op) {
    const current = await ctx.service.element();
    if (isReadOnlyState(current.state)) {
      return {
        next: 'fail',
        error: errorData(
          'outbox.translationReleased',
          `The process is ${current.state} and cannot be changed: create a new version, then publish the translation again.`,
          { state: current.state ?? '' },
        ),
      };
    }
    const theirs = await ctx.service.exported(op.payload.culture);
    const now = await textsOf(theirs);
    const applied: string[] = [];
    const heldBack: string[] = [];
    const changes: Array<{ key: string; text: string | null }> = [];
    for (const edit of op.payload.edits) {
      const there = now.get(edit.key);
      if (!there) heldBack.push(edit.key);
      else if (there.text === wanted(edit.text)) applied.push(edit.key);
      else if (there.text === edit.base) {
        applied.push(edit.key);
        changes.push({ key: edit.key, text: wanted(edit.text) });
      } else heldBack.push(edit.key);
    }
    const xml = changes.length === 0 ? null : (await withTexts(theirs, changes)).xml;
    return { next: 'send', payload: { ...op.payload, prepared: { xml, applied, heldBack } } };
  },

  async send(ctx, op) {
    const xml = op.payload.prepared?.xml;
    if (!xml) return {};
    return { response: await ctx.clients.bpmn.importBpmn(op.elementId, op.payload.culture, xml, ctx.signal) };
  },

  /** After a lost answer: it arrived when every text it carries reads on the service as sent. */
  async alreadyApplied(ctx, op) {
    const now = await textsOf(await ctx.service.exported(op.payload.culture));
    return op.payload.edits.every((edit) => (now.get(edit.key)?.text ?? null) === wanted(edit.text));
  },

  /** Every sent text the service's export does not have as sent is named; the export becomes the cached copy. */
  async verify(ctx, op): Promise<Verification> {
    try {
      const now = await textsOf(await ctx.service.exported(op.payload.culture));
      const texts = new Map(op.payload.edits.map((edit) => [edit.key, wanted(edit.text)]));
      const sent = op.payload.prepared?.applied ?? [...texts.keys()];
      const notKept: NotKeptItem[] = [];
      for (const key of sent) {
        const there = now.get(key);
        const text = texts.get(key) ?? null;
        if (there && there.text === text) continue;
        const at = key.lastIndexOf('#');
        notKept.push({
          id: key.slice(0, at),
          kind: there?.type ?? 'bpmn:BaseElement',
          ...(text ? { name: text } : {}),
          property: key.slice(at + 1),
        });
      }
      return { notKept };
    } catch {
      return { notKept: null };
    }
  },

  /** Sent texts are the ledger now; held-back and not-kept ones are the translator's drafts again. */
  settle(stores, op, verification) {
    const lost = new Set((verification.notKept ?? []).map((item) => `${item.id}#${item.property}`));
    const prepared = op.payload.prepared;
    const applied = prepared ? prepared.applied : op.payload.edits.map((edit) => edit.key);
    stores.translations.settle(
      op.opId,
      applied.filter((key) => !lost.has(key)),
      [...(prepared?.heldBack ?? []), ...applied.filter((key) => lost.has(key))],
    );
  },
});
