/** Numbers and sizes in the current UI language (shared/i18n/formats.ts), for text outside a message. */
import { formatBytes as bytesIn, formatNumber as numberIn } from '../../shared/i18n/formats.ts';
import { uiLanguage } from './locale-controller.ts';

/** Counts with the UI language's grouping ("250,000" / "250.000"). */
export function formatCount(value: number): string {
  return numberIn(uiLanguage(), value);
}

/** Sizes as people read them: B, kB, MB, GB. */
export function formatBytes(value: number): string {
  return bytesIn(uiLanguage(), value);
}
