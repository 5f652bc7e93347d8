import type { PrintRequest } from '../../shared/domain/print.ts';

/**
 * Prints the app window as it is laid out for print (the renderer has put
 * the print sheet in place first). Electron: `webContents.printToPDF` and
 * `webContents.print`; the Chromium harness: Playwright's `page.pdf`, since
 * it cannot run Electron. Main never prints anything but the app's own window.
 */
export interface PagePrinter {
  /** The PDF bytes of the window on paper of this size and orientation. */
  toPdf(request: PrintRequest): Promise<Uint8Array>;
  /** The system print dialog; false when the user cancelled it. */
  print(request: PrintRequest): Promise<boolean>;
}

const PDF_SIGNATURE = '%PDF-';

export function looksLikePdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, PDF_SIGNATURE.length)).toString('latin1') === PDF_SIGNATURE;
}
