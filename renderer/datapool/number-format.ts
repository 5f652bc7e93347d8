import { uiLanguage } from '../i18n/locale-controller.ts';

export { formatBytes, formatCount } from '../i18n/numbers.ts';

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
