import type { ErrorCode } from '../../shared/ipc/errors.ts';

/** Documented in the README; scripts rely on them. */
const EXIT = {
  ok: 0,
  usage: 1,
  refused: 2,
  unreachable: 3,
  conflict: 4,
  local: 5,
} as const;

export function exitCodeFor(code: ErrorCode | 'usage' | 'local'): number {
  switch (code) {
    case 'usage':
    case 'profiles.invalidName':
    case 'profiles.invalidUrl':
      return EXIT.usage;
    case 'local':
    case 'profiles.notFound':
    case 'storage.readFailed':
    case 'storage.writeFailed':
    case 'file.unreadable':
    case 'file.notATable':
      return EXIT.local;
    case 'api.unreachable':
    case 'api.timeout':
    case 'api.outcomeUnknown':
    case 'cache.notCached':
      return EXIT.unreachable;
    case 'api.conflict':
    case 'api.validationWarning':
    case 'outbox.released':
    case 'outbox.translationReleased':
    case 'outbox.transitionUnavailable':
    case 'outbox.changedOnServer':
      return EXIT.conflict;
    default:
      return EXIT.refused;
  }
}
