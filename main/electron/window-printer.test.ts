import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserWindow } from 'electron';
import { isPrintCancel, windowPrinter } from './window-printer.ts';

/** A window whose print() answers like Electron's does after the system dialog. */
function windowAnswering(success: boolean, failureReason: string): BrowserWindow {
  return {
    webContents: {
      print: (_options: unknown, callback: (success: boolean, failureReason: string) => void) =>
        callback(success, failureReason),
    },
  } as unknown as BrowserWindow;
}

test('cancelling the print dialog is a cancel, however Electron words it; a real failure is an error', async () => {
  for (const reason of ['cancelled', 'Print job canceled', 'Print job cancelled'])
    assert.equal(
      await windowPrinter(() => windowAnswering(false, reason)).print({ pageSize: 'A4', landscape: false }),
      false,
      reason,
    );
  await assert.rejects(
    windowPrinter(() => windowAnswering(false, 'Print job failed')).print({
      pageSize: 'A4',
      landscape: false,
    }),
    /Printing failed: Print job failed/,
  );
  assert.equal(isPrintCancel('Invalid deviceName provided'), false);
});
