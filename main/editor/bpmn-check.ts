import { LanesError } from '../../shared/ipc/errors.ts';
import { parseBpmn } from '../sync/bpmn-items.ts';

/**
 * Why the text is not a BPMN diagram Lanes can publish, or null when it is:
 * it must parse as BPMN 2.0 definitions and hold a process (the service
 * refuses an import without one).
 */
export async function bpmnProblem(xml: string): Promise<string | null> {
  let definitions;
  try {
    definitions = (await parseBpmn(xml)).definitions;
  } catch (error) {
    // The parser's first line names the problem; the rest is its position dump.
    const message = error instanceof Error ? error.message : String(error);
    return message.split('\n')[0]!.trim() || 'the text is not XML';
  }
  const roots = (definitions as { rootElements?: { $type: string }[] }).rootElements ?? [];
  if (!roots.some((root) => root.$type === 'bpmn:Process')) return 'the diagram contains no process';
  return null;
}

/** The same check at the editor's IPC boundary: a diagram that fails it is refused with `editor.notBpmn`. */
export async function assertPublishableBpmn(xml: string): Promise<void> {
  const problem = await bpmnProblem(xml);
  if (problem) {
    throw new LanesError({
      code: 'editor.notBpmn',
      message: `This is not a BPMN diagram Lanes can use: ${problem}`,
      params: { reason: problem },
    });
  }
}
