import { LanesError } from '../../shared/ipc/errors.ts';
import { translateError } from '../../shared/i18n/translate.ts';
import type { UiLanguage } from '../../shared/domain/settings.ts';
import { redact } from '../log/redact.ts';
import { exitCodeFor } from './exit-codes.ts';
import { LocalError } from '../base/local-error.ts';

export { LocalError };

/** A mistake in how the command was called: exit 1, with the usage line as the hint. */
export class UsageError extends Error {
  readonly hint: string;
  constructor(message: string, hint = 'Run "lanes help" for the list of commands.') {
    super(message);
    this.hint = hint;
  }
}

const HINTS: Partial<Record<string, string>> = {
  'api.unauthorized':
    'Update the credential with "lanes profile add NAME --from-json FILE" or the matching LANES_* variable.',
  'api.unreachable':
    'Check the base URL in the profile ("lanes profile show") and that the service is running.',
  'api.validationWarning': 'Repeat with --ignore-warnings to apply it anyway.',
  'api.outcomeUnknown':
    'Check the current state on the service (for example with "lanes show") before running it again.',
  'cache.notCached':
    'Run it once while the service is reachable, or pin its view with "lanes offline pin FACET VIEW".',
  'api.rateLimited': 'Wait a moment and run the command again.',
  'api.invalidResponse': 'Check that the base URL points at the service; run with --debug for details.',
  'api.responseTooLarge': 'Check that the base URL points at the service; a real answer is never this large.',
  'profiles.notFound': 'List them with "lanes profile list".',
  'profiles.invalidUrl':
    'Give the whole address, e.g. https://host.example/path, in the flag or the profile.',
};

/** One clear sentence plus a hint, never a stack trace (unless --debug). */
export function describeFailure(
  error: unknown,
  language: UiLanguage,
  debug: boolean,
): { text: string; exitCode: number } {
  let message: string;
  let hint: string | undefined;
  let exitCode: number;
  if (error instanceof UsageError) {
    message = error.message;
    hint = error.hint;
    exitCode = exitCodeFor('usage');
  } else if (error instanceof LocalError) {
    message = error.message;
    hint = error.hint;
    exitCode = exitCodeFor('local');
  } else if (error instanceof LanesError) {
    message = translateError(language, error.toData());
    hint = HINTS[error.code];
    exitCode = exitCodeFor(error.code);
  } else {
    message = 'Something went wrong inside Lanes.';
    hint = 'Run again with --debug to see the details, and please report it.';
    exitCode = exitCodeFor('internal');
  }
  const lines = [`lanes: ${message}`];
  if (hint) lines.push(`hint: ${hint}`);
  if (debug && error instanceof Error && error.stack) lines.push(error.stack);
  return { text: redact(lines.join('\n')), exitCode };
}
