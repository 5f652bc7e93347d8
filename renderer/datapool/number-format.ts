import { uiLanguage } from '../i18n/locale-controller.ts';

/** Counts with the UI language's grouping ("250,000" / "250.000"). */
export function formatCount(value: number): string {
  return new Intl.NumberFormat(uiLanguage()).format(value);
}

/** Sizes as people read them: B, kB, MB, GB (powers of 1000, one decimal from MB on). */
export function formatBytes(value: number): string {
  const units = ['B', 'kB', 'MB', 'GB'] as const;
  let unit = 0;
  let amount = value;
  while (amount >= 1000 && unit < units.length - 1) {
    amount /= 1000;
    unit++;
  }
  const number = new Intl.NumberFormat(uiLanguage(), { maximumFractionDigits: unit >= 2 ? 1 : 0 }).format(
    amount,
  );
  return `${number} ${units[unit]}`;
}

/** A duration between two ISO times, in seconds or minutes and seconds. */
export function formatDuration(from: string, to: string | undefined): string {
  if (!to) return '';
  const seconds = Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
  const minutes = Math.floor(seconds / 60);
  const format = (n: number, unit: 'minute' | 'second'): string =>
    new Intl.NumberFormat(uiLanguage(), { style: 'unit', unit, unitDisplay: 'narrow' }).format(n);
  return minutes > 0
    ? `${format(minutes, 'minute')} ${format(seconds % 60, 'second')}`
    : format(seconds, 'second');
}
