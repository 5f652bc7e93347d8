/**
 * A problem with a local file or folder the user named or owns (a damaged
 * profile file, an unreadable secrets file): a sentence and what to do about it.
 */
export class LocalError extends Error {
  readonly hint: string;
  constructor(message: string, hint: string) {
    super(message);
    this.name = 'LocalError';
    this.hint = hint;
  }
}
