import { dialog, type BrowserWindow } from 'electron';
import type { ExportFormat, FileDialogs } from '../files/file-dialogs.ts';

const FILTERS: Record<ExportFormat, Electron.FileFilter> = {
  bpmn: { name: 'BPMN 2.0', extensions: ['bpmn', 'xml'] },
  svg: { name: 'SVG', extensions: ['svg'] },
  png: { name: 'PNG', extensions: ['png'] },
  pdf: { name: 'PDF', extensions: ['pdf'] },
  csv: { name: 'CSV', extensions: ['csv'] },
};
/** What the data pool reads: CSV and text exports (any separator, any of its encodings) and Excel workbooks. */
const TABLE_FILTER: Electron.FileFilter = { name: 'CSV, Excel', extensions: ['csv', 'tsv', 'txt', 'xlsx'] };

/** The native open and save dialogs, attached to the app window (sheets on macOS). */
export function electronFileDialogs(getWindow: () => BrowserWindow | undefined): FileDialogs {
  return {
    async chooseBpmnToOpen() {
      const options: Electron.OpenDialogOptions = { properties: ['openFile'], filters: [FILTERS.bpmn] };
      const window = getWindow();
      const result = window
        ? await dialog.showOpenDialog(window, options)
        : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    async chooseCsvToOpen() {
      const options: Electron.OpenDialogOptions = { properties: ['openFile'], filters: [TABLE_FILTER] };
      const window = getWindow();
      const result = window
        ? await dialog.showOpenDialog(window, options)
        : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
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
