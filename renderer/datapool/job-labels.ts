/**
 * A data-push job's state in words of the UI: the service sends NEW, QUEUED, …
 * without names (service-facts.md). A state this client does not know is
 * written as words, never as the raw key.
 */
import { jobStatuses, type JobStatus } from '../../shared/domain/datapush.ts';
import { keyInWords } from '../base/service-labels.ts';
import { t } from '../i18n/locale-controller.ts';

export function jobStateLabel(status: string): string {
  return (jobStatuses as readonly string[]).includes(status)
    ? t(`dataPool.jobState.${status as JobStatus}`)
    : keyInWords(status.toLowerCase());
}
