/**
 * The native open and save dialogs, played by the test: each dialog takes the
 * next answer the test queued (a path, or null for "Cancel"). A dialog with
 * nothing queued is cancelled, so a forgotten answer shows up as a missing
 * file rather than a hung test.
 */
import type { ExportFormat, FileDialogs } from '../../main/files/file-dialogs.ts';

export type HarnessFileDialogs = FileDialogs;

export type DialogAsk =
  | { kind: 'open'; answer: string | null }
  | { kind: 'save'; suggestedName: string; format: ExportFormat; answer: string | null };

export class ScriptedFileDialogs implements HarnessFileDialogs {
  readonly #answers: (string | null)[] = [];
  /** Every dialog main opened, in order, with the answer it got. */
  readonly asked: DialogAsk[] = [];

  /** The answer of the next dialog, whichever kind it is; call several times to queue more. */
  answerNext(path: string | null): void {
    this.#answers.push(path);
  }

  chooseBpmnToOpen(): Promise<string | null> {
    const answer = this.#take();
    this.asked.push({ kind: 'open', answer });
    return Promise.resolve(answer);
  }

  chooseCsvToOpen(): Promise<string | null> {
    return this.chooseBpmnToOpen();
  }

  chooseTranslationToOpen(): Promise<string | null> {
    return this.chooseBpmnToOpen();
  }

  chooseSaveLocation(suggestedName: string, format: ExportFormat): Promise<string | null> {
    const answer = this.#take();
    this.asked.push({ kind: 'save', suggestedName, format, answer });
    return Promise.resolve(answer);
  }

  #take(): string | null {
    return this.#answers.length > 0 ? this.#answers.shift()! : null;
  }
}
