/**
 * bpmn-moddle's save failures as a typed error the user can act on, instead
 * of its raw message (which runs on with an object dump and a stack).
 */
import { LanesError } from '../../../shared/ipc/errors.ts';

export function unwritableDiagram(error: unknown): LanesError {
  if (error instanceof LanesError) return error;
  const message = error instanceof Error ? error.message : String(error);
  // The first prefix named is the one in the file; later ones are moddle's own renumbering (ns0).
  const prefix = /no namespace uri given for prefix <([^>]*)>/.exec(message)?.[1];
  if (prefix) {
    return new LanesError({
      code: 'editor.undeclaredPrefix',
      message: `The diagram cannot be written as BPMN: it uses the namespace prefix "${prefix}" without declaring it.`,
      params: { prefix },
      cause: error,
    });
  }
  const reason = message.split('\n')[0]!.trim() || 'the BPMN writer failed';
  return new LanesError({
    code: 'editor.notSerializable',
    message: `The diagram cannot be written as BPMN: ${reason}.`,
    params: { reason },
    cause: error,
  });
}
