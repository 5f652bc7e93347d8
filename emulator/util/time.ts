/** The service writes dates as ISO 8601 without a time zone. */
export function serviceDate(date: Date = new Date()): string {
  return date.toISOString().replace('Z', '');
}

/** Open-ended validity: the last day of year 9999. */
export const OPEN_END = '9999-12-31T00:00:00';
