/**
 * Exchange with translators: the sheet's texts out as an XLIFF 2.0 or CSV
 * file where the user chooses, and such a file back in as a preview of what
 * it would change. Rows whose source text is no longer what the file was
 * translated from are refused; the renderer applies the rest as edits, so
 * they can be undone and are published like any translation.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type {
  ExchangeExport,
  ImportPreview,
  TranslationSheet,
  TranslationTarget,
} from '../../shared/domain/translation.ts';
import { rowState, targetText } from '../../shared/domain/translation-rows.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import { writeFileAtomically } from '../base/atomic-write.ts';
import type { FileDialogs } from '../files/file-dialogs.ts';
import {
  fromCsv,
  fromXliff,
  languageTagOf,
  toCsvFile,
  toXliff,
  type ExchangeRow,
  type ReadExchange,
} from './exchange-formats.ts';

/** A translator's file larger than this is not a translation of one process. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;

export interface ExchangeOptions {
  open(target: TranslationTarget): Promise<TranslationSheet>;
  dialogs: FileDialogs | undefined;
}

function exchangeRows(sheet: TranslationSheet, which: ExchangeExport['rows']): ExchangeRow[] {
  return sheet.rows
    .map((row) => ({
      key: row.key,
      type: row.type,
      field: row.field,
      source: row.source,
      target: targetText(row),
      state: rowState(row),
    }))
    .filter(
      (row) =>
        row.source !== null && (which === 'all' || row.state === 'missing' || row.state === 'outdated'),
    );
}

/** A file name of the process and both languages: "Order handling de-DE en-US.xlf". */
function suggestedName(sheet: TranslationSheet, extension: string): string {
  // Characters no file system takes, and control characters, become spaces.
  const safe = [...sheet.name]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('');
  const name = safe.replace(/ +/g, ' ').trim().slice(0, 80) || sheet.id;
  return `${name} ${languageTagOf(sheet.source)} ${languageTagOf(sheet.target)}.${extension}`;
}

export async function exportTranslation(
  options: ExchangeOptions,
  request: ExchangeExport,
): Promise<{ path: string; count: number } | null> {
  const { format, rows: which, ...target } = request;
  const sheet = await options.open(target);
  const rows = exchangeRows(sheet, which);
  const meta = { processId: sheet.id, processName: sheet.name, source: sheet.source, target: sheet.target };
  const content =
    format === 'xliff'
      ? `<?xml version="1.0" encoding="UTF-8"?>\n${await toXliff(meta, rows)}\n`
      : toCsvFile(meta, rows);
  const dialogs = requireDialogs(options.dialogs, 'file.writeFailed');
  const path = await dialogs.chooseSaveLocation(
    suggestedName(sheet, format === 'xliff' ? 'xlf' : 'csv'),
    format,
  );
  if (path === null) return null;
  try {
    writeFileAtomically(path, content, { mode: 0o644 });
  } catch (cause) {
    throw new LanesError({
      code: 'file.writeFailed',
      message: `Lanes could not write ${path}.`,
      params: { path, reason: cause instanceof Error ? cause.message : String(cause) },
      cause,
    });
  }
  return { path, count: rows.length };
}

export async function previewImport(
  options: ExchangeOptions,
  target: TranslationTarget,
): Promise<ImportPreview | null> {
  const dialogs = requireDialogs(options.dialogs, 'file.unreadable');
  const path = await dialogs.chooseTranslationToOpen!();
  if (path === null) return null;
  const file = await readExchange(path);
  const sheet = await options.open(target);
  const name = basename(path);
  if (file.target !== null && file.target !== sheet.target) {
    throw new LanesError({
      code: 'translation.wrongLanguage',
      message: `${name} is in ${languageTagOf(file.target)}, not ${languageTagOf(sheet.target)}.`,
      params: { path: name, language: languageTagOf(file.target), expected: languageTagOf(sheet.target) },
    });
  }
  if (file.processId !== null && file.processId !== sheet.id) {
    throw new LanesError({
      code: 'translation.otherProcess',
      message: `${name} was made for process ${file.processId}, not ${sheet.id}.`,
      params: { path: name },
    });
  }
  return compare(path, file, sheet);
}

/** What the file would change in the table; rows whose source changed meanwhile are refused. */
export function compare(path: string, file: ReadExchange, sheet: TranslationSheet): ImportPreview {
  const rows = new Map(sheet.rows.map((row) => [row.key, row]));
  const preview: ImportPreview = {
    path,
    format: file.format,
    changes: [],
    refused: [],
    unchanged: 0,
    empty: 0,
  };
  for (const unit of file.units) {
    const row = rows.get(unit.key);
    if (!row) {
      preview.refused.push({ key: unit.key, reason: 'unknown', fileSource: unit.source, source: null });
    } else if (unit.markup) {
      preview.refused.push({ key: unit.key, reason: 'markup', fileSource: unit.source, source: row.source });
    } else if (unit.target === null) {
      preview.empty++;
    } else if (unit.source !== row.source) {
      preview.refused.push({
        key: unit.key,
        reason: 'sourceChanged',
        fileSource: unit.source,
        source: row.source,
      });
    } else if (unit.target === targetText(row)) {
      preview.unchanged++;
    } else {
      preview.changes.push({ key: unit.key, from: targetText(row), to: unit.target });
    }
  }
  return preview;
}

async function readExchange(path: string): Promise<ReadExchange> {
  const name = basename(path);
  const unreadable = (reason: string, cause?: unknown): LanesError =>
    new LanesError({
      code: 'translation.unreadableFile',
      message: `Lanes could not read ${name} as a translation: ${reason}.`,
      params: { path: name, reason },
      cause,
    });
  let bytes: Buffer;
  try {
    if (statSync(path).size > MAX_FILE_BYTES) throw unreadable('it is larger than 32 MB');
    bytes = readFileSync(path);
  } catch (cause) {
    if (cause instanceof LanesError) throw cause;
    throw unreadable(cause instanceof Error ? cause.message : String(cause), cause);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch (cause) {
    throw unreadable('it is not UTF-8 text (save it as UTF-8, as Lanes wrote it)', cause);
  }
  try {
    return text.trimStart().startsWith('<') ? await fromXliff(text) : fromCsv(text);
  } catch (cause) {
    throw unreadable(cause instanceof Error ? cause.message : String(cause), cause);
  }
}

function requireDialogs(
  dialogs: FileDialogs | undefined,
  code: 'file.writeFailed' | 'file.unreadable',
): FileDialogs {
  if (dialogs && (code === 'file.writeFailed' || dialogs.chooseTranslationToOpen)) return dialogs;
  throw new LanesError({
    code,
    message: 'Lanes cannot choose a file: there are no file dialogs here.',
    params: { path: '', reason: 'noFileDialog' },
  });
}
