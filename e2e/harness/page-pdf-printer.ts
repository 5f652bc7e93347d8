/**
 * The harness's stand-in for Electron's webContents printing: Chromium's own
 * PDF of the page (Playwright `page.pdf`, the same print pipeline Electron's
 * printToPDF drives). The system print dialog cannot be shown headless, so
 * Print is recorded and answered as printed.
 */
import type { Page } from 'playwright';
import type { PagePrinter } from '../../main/files/page-printer.ts';
import type { PrintRequest } from '../../shared/domain/print.ts';

export function pagePdfPrinter(page: () => Page | undefined, printed: PrintRequest[]): PagePrinter {
  const current = (): Page => {
    const found = page();
    if (!found) throw new Error('There is no page to print.');
    return found;
  };
  return {
    async toPdf({ pageSize, landscape }) {
      const pdf = await current().pdf({ format: pageSize, landscape, printBackground: true });
      return new Uint8Array(pdf);
    },
    print(request) {
      printed.push(request);
      return Promise.resolve(true);
    },
  };
}
