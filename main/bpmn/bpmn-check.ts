import { LanesError } from '../../shared/ipc/errors.ts';
import { parseBpmn } from './bpmn-items.ts';
import { bpmnStructureProblem, describeStructureProblem } from './bpmn-structure.ts';

type Definitions = { rootElements?: { $type: string }[] };

async function parsed(xml: string): Promise<{ definitions: Definitions } | { problem: string }> {
  try {
    return { definitions: (await parseBpmn(xml)).definitions as Definitions };
  } catch (error) {
    // The parser's first line names the problem; the rest is its position dump.
    const message = error instanceof Error ? error.message : String(error);
    return { problem: message.split('\n')[0]!.trim() || 'the text is not XML' };
  }
}

/**
 * Why the text is not a BPMN 2.0 document at all, or null when it is. This
 * is what opening and saving a local file ask: a diagram of pools only, or a
 * collaboration without a process, is a valid BPMN file (bpmn-js opens it).
 */
export async function bpmnProblem(xml: string): Promise<string | null> {
  const result = await parsed(xml);
  return 'problem' in result ? result.problem : null;
}

/**
 * The check before anything goes to the service: it must be BPMN and hold
 * a process, because the service refuses an import without one. Drafts of
 * a service process are not held to the process rule (see EditorService.saveDraft):
 * a draft is the user's work in progress and must never be lost for being
 * unfinished; it is checked when it is published.
 */
export async function assertPublishableBpmn(xml: string): Promise<void> {
  const result = await parsed(xml);
  if ('problem' in result) {
    throw new LanesError({
      code: 'editor.notBpmn',
      message: `This is not a BPMN diagram Lanes can use: ${result.problem}`,
      params: { reason: result.problem },
    });
  }
  const roots = result.definitions.rootElements ?? [];
  if (!roots.some((root) => root.$type === 'bpmn:Process')) {
    throw new LanesError({
      code: 'editor.noProcess',
      message:
        'The service imports only diagrams that contain a process, and this one has none. Add a process, then publish again.',
    });
  }
}

/**
 * Where a document's text came from. `modeler`: serialised by bpmn-js in Lanes'
 * own editor (its saveXML), so it is BPMN by construction and a bounded
 * structural check suffices. `outside`: a file, the service, anything else;
 * those get the full bpmn-moddle parse. Decided by the caller from the path
 * the text took, never guessed from the text.
 */
export type BpmnOrigin = 'modeler' | 'outside';

/** Drafts: the XML must be BPMN (the publish checks the process rule, with the full parse). */
export async function assertBpmnDocument(xml: string, origin: BpmnOrigin = 'outside'): Promise<void> {
  const structure = origin === 'modeler' ? bpmnStructureProblem(xml) : null;
  const problem =
    origin === 'modeler' ? structure && describeStructureProblem(structure) : await bpmnProblem(xml);
  if (problem) {
    throw new LanesError({
      code: 'editor.notBpmn',
      message: `This is not a BPMN diagram Lanes can use: ${problem}`,
      params: { reason: problem },
    });
  }
}
