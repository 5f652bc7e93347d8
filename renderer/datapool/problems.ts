/**
 * Data-pool problems in the user's language: main names each one by a
 * `problem` code with its params (file, column, sizes); the sentence says
 * what is wrong and what to do. Anything else is the error's own text.
 */
import type { LanesErrorData } from '../../shared/ipc/errors.ts';
import type { MessageKey } from '../../shared/i18n/translate.ts';
import { t, tError } from '../i18n/locale-controller.ts';

const problemKeys: Record<string, MessageKey> = {
  nothingKnown: 'dataPool.problem.nothingKnown',
  noDiagramKnown: 'dataPool.problem.noDiagramKnown',
  empty: 'dataPool.problem.empty',
  headerEmpty: 'dataPool.problem.headerEmpty',
  headerRepeated: 'dataPool.problem.headerRepeated',
  'workbook.notXlsx': 'dataPool.problem.notXlsx',
  'workbook.tooLarge': 'dataPool.problem.tooLarge',
  'workbook.unreadable': 'dataPool.problem.damaged',
  'workbook.noSheet': 'dataPool.problem.noSheet',
  missing: 'dataPool.problem.missing',
  tooMuchMemory: 'dataPool.problem.tooMuchMemory',
  deletedNotCsv: 'dataPool.problem.deletedNotCsv',
};

export function problemText(error: LanesErrorData): string {
  const key = error.params.problem ? problemKeys[error.params.problem] : undefined;
  return key ? t(key, error.params) : tError(error);
}
