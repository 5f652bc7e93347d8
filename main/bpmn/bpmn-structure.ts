import { Parser } from 'saxen';

export const BPMN_MODEL_NS = 'http://www.omg.org/spec/BPMN/20100524/MODEL';

/**
 * Bounds of the cheap check: far beyond any diagram a modeler writes (bpmn-js
 * nests a few levels; the IPC schema already caps the size at 20 MB), small
 * enough that a pathological document is refused before it is stored.
 */
const STRUCTURE_LIMITS = { chars: 20_000_000, depth: 256 } as const;

type StructureProblem =
  { notXml: string } | { root: string } | { tooLarge: 'chars' | 'depth'; limit: number };

/**
 * What is wrong with a document that should be BPMN 2.0, or null: not
 * well-formed XML, a root other than BPMN's `definitions`, or beyond the
 * limits. One streaming pass with saxen, no object model: this is the check
 * for XML that bpmn-js itself wrote (the editor's save). XML from anywhere
 * else (files, the service) gets the full bpmn-moddle parse (bpmn-check.ts).
 */
export function bpmnStructureProblem(
  xml: string,
  limits: { chars: number; depth: number } = STRUCTURE_LIMITS,
): StructureProblem | null {
  if (xml.length > limits.chars) return { tooLarge: 'chars', limit: limits.chars };
  // saxen's namespace mode (its types do not list it): every prefix must be declared, and the BPMN
  // model's namespace is reported as `bpmn:` whatever prefix the document gives it.
  const parser = new Parser({ proxy: false }) as Parser & {
    stop(): void;
    ns(prefixes: Record<string, string>): void;
  };
  parser.ns({ [BPMN_MODEL_NS]: 'bpmn' });
  const stop = (): void => parser.stop();
  let root: string | undefined;
  let failure: string | undefined;
  let tooDeep = false;
  let depth = 0;
  let rootClosed = false;
  parser.on('openTag', (name) => {
    if (rootClosed) {
      failure ??= `a second root element <${name}>`;
      return stop();
    }
    root ??= name;
    if (++depth > limits.depth) {
      tooDeep = true;
      stop();
    }
  });
  parser.on('closeTag', () => {
    if (--depth === 0) rootClosed = true;
  });
  parser.on('error', (error) => {
    failure ??= error.message.split('\n')[0];
  });
  parser.parse(xml.replace(/^\uFEFF/, ''));
  if (tooDeep) return { tooLarge: 'depth', limit: limits.depth };
  if (failure || !root) return { notXml: failure ?? 'no element' };
  if (depth !== 0) return { notXml: 'unexpected end of file' };
  return root === 'bpmn:definitions' ? null : { root };
}

/** The problem as one English sentence fragment, as the full check words its reasons. */
export function describeStructureProblem(problem: StructureProblem): string {
  if ('notXml' in problem) return `the text is not well-formed XML (${problem.notXml})`;
  if ('root' in problem) return `its root is <${problem.root}>, not a BPMN 2.0 definitions element`;
  return problem.tooLarge === 'chars'
    ? `it is longer than ${problem.limit.toLocaleString('en')} characters`
    : `its elements nest deeper than ${problem.limit} levels`;
}
