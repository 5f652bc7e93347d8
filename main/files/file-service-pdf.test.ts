import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { PrintRequest } from '../../shared/domain/print.ts';
import type { ExportFormat, FileDialogs } from './file-dialogs.ts';
import { FileService } from './file-service.ts';
import type { PagePrinter } from './page-printer.ts';

class AnsweringDialogs implements FileDialogs {
  answers: (string | null)[] = [];
  asked: ExportFormat[] = [];
  chooseBpmnToOpen(): Promise<string | null> {
    return Promise.resolve(this.answers.shift() ?? null);
  }
  chooseSaveLocation(_name: string, format: ExportFormat): Promise<string | null> {
    this.asked.push(format);
    return Promise.resolve(this.answers.shift() ?? null);
  }
}

/** Records what it was asked and answers with the bytes the test gives. */
class RecordingPrinter implements PagePrinter {
  pdfRequests: PrintRequest[] = [];
  printRequests: PrintRequest[] = [];
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }
  toPdf(request: PrintRequest): Promise<Uint8Array> {
    this.pdfRequests.push(request);
    return Promise.resolve(this.#bytes);
  }
  print(request: PrintRequest): Promise<boolean> {
    this.printRequests.push(request);
    return Promise.resolve(true);
  }
}

const PDF = new TextEncoder().encode('%PDF-1.7\n%fake but signed\n');
const hasCode = (code: string) => (error: unknown) => error instanceof LanesError && error.code === code;

describe('PDF export and printing of the app window', () => {
  const folder = mkdtempSync(join(tmpdir(), 'lanes-pdf-'));
  after(() => rmSync(folder, { recursive: true, force: true }));

  test('the PDF goes where the user chose, atomically, on the paper asked for', async () => {
    const dialogs = new AnsweringDialogs();
    const printer = new RecordingPrinter(PDF);
    const files = new FileService({ dialogs, printer, onChanged: () => {} });
    const path = join(folder, 'order.pdf');
    dialogs.answers.push(path);
    const saved = await files.exportPdf({ pageSize: 'A3', landscape: false, suggestedName: 'order.pdf' });
    assert.deepEqual(saved, { path });
    assert.deepEqual(dialogs.asked, ['pdf']);
    assert.deepEqual(printer.pdfRequests, [{ pageSize: 'A3', landscape: false }]);
    assert.deepEqual(readFileSync(path), Buffer.from(PDF));
    assert.deepEqual(
      readdirSync(folder).filter((name) => name !== 'order.pdf'),
      [],
      'no temporary file is left',
    );
    files.dispose();
  });

  test('a cancelled dialog prints nothing; bytes that are not a PDF are not written', async () => {
    const dialogs = new AnsweringDialogs();
    const printer = new RecordingPrinter(new TextEncoder().encode('<html>'));
    const files = new FileService({ dialogs, printer, onChanged: () => {} });
    assert.equal(await files.exportPdf({ pageSize: 'A4', landscape: true, suggestedName: 'x.pdf' }), null);
    assert.deepEqual(printer.pdfRequests, [], 'nothing was printed for a cancelled dialog');
    const path = join(folder, 'broken.pdf');
    dialogs.answers.push(path);
    await assert.rejects(
      files.exportPdf({ pageSize: 'A4', landscape: true, suggestedName: 'broken.pdf' }),
      hasCode('file.writeFailed'),
    );
    assert.equal(existsSync(path), false);
    files.dispose();
  });

  test('Print hands the paper to the printer; without one both channels refuse clearly', async () => {
    const printer = new RecordingPrinter(PDF);
    const files = new FileService({ dialogs: new AnsweringDialogs(), printer, onChanged: () => {} });
    assert.deepEqual(await files.print({ pageSize: 'A4', landscape: true }), { printed: true });
    assert.deepEqual(printer.printRequests, [{ pageSize: 'A4', landscape: true }]);
    files.dispose();
    const none = new FileService({ dialogs: new AnsweringDialogs(), onChanged: () => {} });
    await assert.rejects(none.print({ pageSize: 'A4', landscape: true }), hasCode('file.writeFailed'));
    await assert.rejects(
      none.exportPdf({ pageSize: 'A4', landscape: true, suggestedName: 'x.pdf' }),
      hasCode('file.writeFailed'),
    );
    none.dispose();
  });
});
