/**
 * Numbers, sizes and dates as the UI language writes them ("10,008" /
 * "10.008", "1.5 MB" / "1,5 MB", "Mar 14, 2025, 9:30 AM" / "14.03.2025, 09:30"),
 * one implementation for the renderer, main and the CLI. Intl formatters are
 * costly to build and cheap to reuse: one per language and kind is kept.
 */
import type { UiLanguage } from '../domain/languages.ts';

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<UiLanguage, Intl.DateTimeFormat>();

function numberFormat(language: UiLanguage, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${language}:${maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits });
    numberFormats.set(key, format);
  }
  return format;
}

/** A count or measure with the language's grouping and decimal mark. */
export function formatNumber(language: UiLanguage, value: number, maximumFractionDigits = 3): string {
  return numberFormat(language, maximumFractionDigits).format(value);
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * Sizes as the operating systems people use show them: B, KB, MB, GB in powers of 1024 (as Windows
 * Explorer does), one decimal from MB on. Lanes' own limits are powers of two, so a 16 MiB limit reads
 * "16 MB", not "16.8 MB".
 */
export function formatBytes(language: UiLanguage, bytes: number): string {
  let unit = 0;
  let amount = bytes;
  while (amount >= 1024 && unit < BYTE_UNITS.length - 1) {
    amount /= 1024;
    unit++;
  }
  return `${formatNumber(language, amount, unit >= 2 ? 1 : 0)} ${BYTE_UNITS[unit]}`;
}

/**
 * Medium date and short time. Values without a zone are the service's
 * wall-clock time and are shown as such; text that is not a date is shown
 * unchanged rather than hidden.
 */
export function formatDateTime(
  language: UiLanguage,
  value: string | number | Date | null | undefined,
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    dateFormats.set(language, format);
  }
  return format.format(date);
}
