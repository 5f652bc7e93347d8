/**
 * An .xlsx file is a zip archive: before a spreadsheet library reads it, every
 * entry is inflated once and counted (yauzl checks each against the size its
 * header declares), so a zip bomb or a file that only pretends to be small is
 * refused with a clear reason instead of filling the memory.
 */
import yauzl from 'yauzl';

const XLSX_LIMITS = {
  /** The file itself. */
  fileBytes: 100 * 1024 * 1024,
  /** Everything in it, unpacked. */
  unpackedBytes: 300 * 1024 * 1024,
  entries: 20_000,
};

export class WorkbookError extends Error {
  readonly reason: 'notXlsx' | 'tooLarge' | 'unreadable' | 'noSheet';
  readonly params: Record<string, string>;
  constructor(reason: WorkbookError['reason'], message: string, params: Record<string, string> = {}) {
    super(message);
    this.reason = reason;
    this.params = params;
  }
}

const mb = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The archive's entry names, once its entries are known to unpack within the limits. */
export function checkXlsxZip(path: string, size: number): Promise<Set<string>> {
  if (size > XLSX_LIMITS.fileBytes)
    return Promise.reject(
      new WorkbookError(
        'tooLarge',
        `The workbook is ${mb(size)}; Lanes reads workbooks up to ${mb(XLSX_LIMITS.fileBytes)}.`,
        {
          size: mb(size),
          limit: mb(XLSX_LIMITS.fileBytes),
        },
      ),
    );
  return new Promise((resolve, reject) => {
    yauzl.open(
      path,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => {
        if (error || !zip) {
          reject(new WorkbookError('notXlsx', `Not an .xlsx workbook: ${error?.message ?? 'no archive'}`));
          return;
        }
        const names = new Set<string>();
        let unpacked = 0;
        const fail = (failure: WorkbookError): void => {
          zip.close();
          reject(failure);
        };
        const tooLarge = (): WorkbookError =>
          new WorkbookError(
            'tooLarge',
            `The workbook unpacks to more than ${mb(XLSX_LIMITS.unpackedBytes)}, more than Lanes reads.`,
            { size: `> ${mb(XLSX_LIMITS.unpackedBytes)}`, limit: mb(XLSX_LIMITS.unpackedBytes) },
          );
        zip.on('error', (e: Error) =>
          fail(new WorkbookError('notXlsx', `Not an .xlsx workbook: ${e.message}`)),
        );
        zip.on('end', () => resolve(names));
        zip.on('entry', (entry: yauzl.Entry) => {
          names.add(entry.fileName);
          if (names.size > XLSX_LIMITS.entries) return fail(tooLarge());
          unpacked += entry.uncompressedSize;
          if (unpacked > XLSX_LIMITS.unpackedBytes) return fail(tooLarge());
          if (entry.fileName.endsWith('/')) return zip.readEntry();
          zip.openReadStream(entry, (streamError, stream) => {
            if (streamError || !stream)
              return fail(
                new WorkbookError('unreadable', `The workbook is damaged: ${streamError?.message ?? ''}`),
              );
            // Read and dropped: yauzl stops the entry the moment it unpacks to more than it declared.
            stream.on('data', () => {});
            stream.on('error', (e: Error) =>
              fail(new WorkbookError('unreadable', `The workbook is damaged: ${e.message}`)),
            );
            stream.on('end', () => zip.readEntry());
          });
          return undefined;
        });
        zip.readEntry();
      },
    );
  });
}
