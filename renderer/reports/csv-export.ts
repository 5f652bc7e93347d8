/** A table of the Reports screen to a CSV file (main writes it: save dialog, atomic write). */
import type { LanesClient } from '../bridge/lanes-client.ts';
import { exportFileName } from '../base/file-names.ts';
import { toErrorData } from '../base/light-element.ts';
import type { LanesErrorData } from '../../shared/ipc/errors.ts';

/** The file was written (its path, for a message) or the dialog was cancelled (no event). */
export const CSV_EXPORTED = 'report-exported';

export async function exportCsv(
  host: HTMLElement,
  client: LanesClient,
  name: string,
  table: { header: string[]; rows: string[][] },
): Promise<void> {
  try {
    const saved = await client.request('files.exportCsv', {
      suggestedName: exportFileName(name, 'csv'),
      ...table,
    });
    if (saved)
      host.dispatchEvent(new CustomEvent<string>(CSV_EXPORTED, { detail: saved.path, bubbles: true }));
  } catch (error) {
    host.dispatchEvent(
      new CustomEvent<LanesErrorData>('lanes-error', { detail: toErrorData(error), bubbles: true }),
    );
  }
}
