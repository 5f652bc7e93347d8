import type { BrowserWindow } from 'electron';
import type { PagePrinter } from '../files/page-printer.ts';

/**
 * Whether a failed print was the user cancelling the system dialog. Electron
 * says "cancelled" on some platforms and "Print job canceled" on others.
 */
export function isPrintCancel(failureReason: string): boolean {
  return /\bcancell?ed\b/i.test(failureReason);
}

/**
 * Prints the app window through Chromium's own print pipeline: the renderer
 * has laid out the print sheet (@media print) before it asks. Margins are
 * the renderer's (its @page rule), so the PDF and the paper look alike.
 */
export function windowPrinter(getWindow: () => BrowserWindow | undefined): PagePrinter {
  const contents = (): Electron.WebContents => {
    const window = getWindow();
    if (!window) throw new Error('There is no window to print.');
    return window.webContents;
  };
  return {
    async toPdf({ pageSize, landscape }) {
      return contents().printToPDF({
        pageSize,
        landscape,
        printBackground: true,
        preferCSSPageSize: true,
        margins: { top: 0, bottom: 0, left: 0, right: 0 },
      });
    },
    print({ pageSize, landscape }) {
      return new Promise((resolve, reject) => {
        contents().print(
          { pageSize, landscape, printBackground: true, margins: { marginType: 'none' } },
          (success, failureReason) => {
            // Cancelling the system dialog is no error: nothing was printed, and that is what the user wanted.
            if (success || isPrintCancel(failureReason)) resolve(success);
            else reject(new Error(`Printing failed: ${failureReason}`));
          },
        );
      });
    },
  };
}
