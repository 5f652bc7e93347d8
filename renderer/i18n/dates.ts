/**
 * The one way Lanes writes a date: medium date and short time in the UI
 * language ("Mar 14, 2025, 9:30 AM" / "14.03.2025, 09:30"), on every screen
 * (shared/i18n/formats.ts, which main and the CLI use too).
 */
import { formatDateTime as dateTimeIn } from '../../shared/i18n/formats.ts';
import { uiLanguage } from './locale-controller.ts';

export function formatDateTime(value: string | number | Date | null | undefined): string {
  return dateTimeIn(uiLanguage(), value);
}
