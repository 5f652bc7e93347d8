import { dialog, type BrowserWindow } from 'electron';
import type { ExportFormat, FileDialogs } from '../files/file-dialogs.ts';

const FILTERS: Record<ExportFormat, Electron.FileFilter> = {
  bpmn: { name: 'BPMN 2.0', extensions: ['bpmn', 'xml'] },
  svg: { name: 'SVG', extensions: ['svg'] },
  png: { name: 'PNG', extensions: ['png'] },
  pdf: { name: 'PDF', extensions: ['pdf'] },
  csv: { name: 'CSV', extensions: ['csv'] },
  xliff: { name: 'XLIFF 2.0', extensions: ['xlf', 'xliff'] },
};
/** What the data pool reads: CSV and text exports (any separator, any of its encodings) and Excel workbooks. */
const TABLE_FILTER: Electron.FileFilter = { name: 'CSV, Excel', extensions: ['csv', 'tsv', 'txt', 'xlsx'] };
const TRANSLATION_FILTER: Electron.FileFilter = {
  name: 'XLIFF, CSV',
  extensions: ['xlf', 'xliff', 'csv', 'txt'],
};

/** The native open and save dialogs, attached to the app window (sheets on macOS). */
export function electronFileDialogs(getWindow: () => BrowserWindow | undefined): FileDialogs {
  async function chooseOneToOpen(filter: Electron.FileFilter): Promise<string | null> {
    const options: Electron.OpenDialogOptions = { properties: ['openFile'], filters: [filter] };
    const window = getWindow();
    const result = window
      ? await dialog.showOpenDialog(window, options)
      : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  }
  return {
    chooseBpmnToOpen: () => chooseOneToOpen(FILTERS.bpmn),
    chooseCsvToOpen: () => chooseOneToOpen(TABLE_FILTER),
    chooseTranslationToOpen: () => chooseOneToOpen(TRANSLATION_FILTER),
    async chooseSaveLocation(suggestedName, format) {
      const options: Electron.SaveDialogOptions = { defaultPath: suggestedName, filters: [FILTERS[format]] };
      const window = getWindow();
      const result = window
        ? await dialog.showSaveDialog(window, options)
        : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
  };
}
