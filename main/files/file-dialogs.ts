/** How the user picks files: native dialogs in Electron, a scripted stand-in in tests and the harness. */
export interface FileDialogs {
  /** The .bpmn file to open, or null when the user cancelled. */
  chooseBpmnToOpen(): Promise<string | null>;
  /** The table file (CSV or .xlsx) to push to the data pool, or null when the user cancelled; absent: no such dialog. */
  chooseCsvToOpen?(): Promise<string | null>;
  /** A translator's file to import (XLIFF or CSV), or null when the user cancelled; absent: no dialog. */
  chooseTranslationToOpen?(): Promise<string | null>;
  /** Where to save, or null when the user cancelled. */
  chooseSaveLocation(suggestedName: string, format: ExportFormat): Promise<string | null>;
}

export type ExportFormat = 'bpmn' | 'svg' | 'png' | 'pdf' | 'csv' | 'xliff';
