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
const CSV_FILTER: Electron.FileFilter = { name: 'CSV', extensions: ['csv', 'txt'] };
const TRANSLATION_FILTER: Electron.FileFilter = {
  name: 'XLIFF, CSV',
  extensions: ['xlf', 'xliff', 'csv', 'txt'],
};

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
      const options: Electron.OpenDialogOptions = { properties: ['openFile'], filters: [CSV_FILTER] };
      const window = getWindow();
      const result = window
        ? await dialog.showOpenDialog(window, options)
        : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    async chooseTranslationToOpen() {
      const options: Electron.OpenDialogOptions = { properties: ['openFile'], filters: [TRANSLATION_FILTER] };
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
