import { verificationLine } from '../../bpmn/publish-verification.ts';
import { Parser } from 'saxen';
import { LocalError } from '../cli-error.ts';
import { apiError } from '../../api/http/api-errors.ts';
import { printJson } from '../output.ts';
import { readBpmnInputFile, writeOutputFile } from './files.ts';
import { requireArgs, stringOption, type Command } from './command.ts';
import { served } from '../cached-notice.ts';
import { placeOfElement, writeNow } from './write-now.ts';

const BPMN_MODEL_NS = 'http://www.omg.org/spec/BPMN/20100524/MODEL';

/** What is wrong with a document that should be BPMN 2.0 (not XML, or another root), or null. */
function bpmnDocumentProblem(xml: string): { notXml: string } | { root: string } | null {
  const parser = new Parser({ proxy: false });
  let root: { name: string; attrs: Record<string, string> } | undefined;
  let failure: Error | undefined;
  parser.on('openTag', (name, attrs) => {
    root ??= { name, attrs: attrs() };
  });
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.parse(xml.replace(/^\uFEFF/, ''));
  if (failure || !root) return { notXml: failure?.message ?? 'no element' };
  const [prefix, local] = root.name.includes(':') ? root.name.split(':') : ['', root.name];
  const ns = root.attrs[prefix ? `xmlns:${prefix}` : 'xmlns'];
  return local === 'definitions' && ns === BPMN_MODEL_NS ? null : { root: root.name };
}

/** A cheap look before sending: is this XML, and is its root a BPMN 2.0 `definitions`? */
export function checkBpmnDocument(xml: string, file: string): void {
  const problem = bpmnDocumentProblem(xml);
  if (problem && 'notXml' in problem) {
    throw new LocalError(
      `${file} is not well-formed XML (${problem.notXml}).`,
      'Export the diagram again from your modeler.',
    );
  }
  if (problem) {
    throw new LocalError(
      `${file} is not a BPMN 2.0 document (its root is <${problem.root}>).`,
      'Give a .bpmn file whose root is bpmn:definitions.',
    );
  }
}

export const bpmnCommands: Command[] = [
  {
    name: 'bpmn export',
    args: 'ID [--lcid N] [-o FILE]',
    summary: 'Export a process as BPMN 2.0 XML',
    options: { lcid: { type: 'string' }, output: { type: 'string', short: 'o' } },
    async run(ctx, positionals, values) {
      const [id] = requireArgs(this, positionals, ['ID']);
      const lcid = Number(stringOption(values, 'lcid') ?? ctx.culture);
      const xml = await served(ctx, (await ctx.reader()).exportBpmn(id!, lcid, { signal: ctx.signal }));
      // A misbehaving server that echoes the request would have its body (the token in the URL
      // included) written into the file: only a BPMN document is written.
      if (bpmnDocumentProblem(xml) !== null)
        throw apiError('api.invalidResponse', 'export BPMN: the answer is not a BPMN 2.0 document.', {
          operation: 'exportBpmn',
          field: 'not a BPMN 2.0 document',
        });
      await writeOutputFile(ctx, stringOption(values, 'output'), xml);
    },
  },
  {
    name: 'bpmn import',
    args: 'ID FILE [--lcid N]',
    summary: 'Import a BPMN 2.0 file into a process (names in the given culture)',
    options: { lcid: { type: 'string' } },
    async run(ctx, positionals, values) {
      const [id, file] = requireArgs(this, positionals, ['ID', 'FILE']);
      const xml = await readBpmnInputFile(ctx, file!);
      checkBpmnDocument(xml, file!);
      const lcid = Number(stringOption(values, 'lcid') ?? ctx.culture);
      // Verified as every publish is: the service's export afterwards, compared with what was sent.
      const done = await writeNow(
        ctx,
        'bpmnImport',
        { elementId: id!, ...(await placeOfElement(ctx, id!)) },
        { culture: lcid, xml, baseXml: xml, originalXml: xml, fromFile: true },
      );
      const answer = done.response ?? '';
      const notKept = done.notKept ?? null;
      if (ctx.out.json) return printJson(ctx.out, { imported: id, answer, notKept });
      ctx.out.write(`Imported ${file} into ${id}.\n${verificationLine(id!, notKept)}\n`);
    },
  },
];
