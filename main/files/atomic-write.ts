/**
 * Kept so that `main/files` imports stay stable: the one durable write now
 * lives in `main/base/atomic-write.ts`. A user's document keeps the usual
 * 0644 so other tools can read it, and its folder must already exist.
 */
import { writeFileAtomically as writeDurably } from '../base/atomic-write.ts';

export function writeFileAtomically(path: string, data: string | Buffer): void {
  writeDurably(path, data, { mode: 0o644 });
}
