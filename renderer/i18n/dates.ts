/**
 * The one way Lanes writes a date: medium date and short time in the UI
 * language ("Mar 14, 2025, 9:30 AM" / "14.03.2025, 09:30"), on every screen.
 * Values without a zone are the service's wall-clock time and are shown as
 * such; text that is not a date is shown unchanged rather than hidden.
 */
import { uiLanguage } from './locale-controller.ts';

export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(uiLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
