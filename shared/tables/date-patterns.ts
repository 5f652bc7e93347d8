/**
 * Date patterns as the data-push service's `dateFormat` takes them (Java
 * style: `dd.MM.yyyy`, `M/d/yyyy h:mm a`, `yyyy-MM-dd'T'HH:mm:ss`), read the
 * strict way: a doubled letter wants exactly two digits (`dd` reads `01`, not
 * `1`), a single one one or two (`d` reads both). Lanes reads a value with
 * the pattern it sends, so the preview shows what the service will store.
 */

/** A date or time as the pool stores it: calendar fields, no time zone. */
interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

type Field = 'year' | 'year2' | 'month' | 'day' | 'hour' | 'hour12' | 'minute' | 'second' | 'millis' | 'ampm';

interface CompiledPattern {
  regex: RegExp;
  fields: Field[];
  hasDate: boolean;
  hasTime: boolean;
}

const TOKENS: Record<string, { field: Field; digits: string }> = {
  yyyy: { field: 'year', digits: '(\\d{4})' },
  yy: { field: 'year2', digits: '(\\d{2})' },
  MM: { field: 'month', digits: '(\\d{2})' },
  M: { field: 'month', digits: '(\\d{1,2})' },
  dd: { field: 'day', digits: '(\\d{2})' },
  d: { field: 'day', digits: '(\\d{1,2})' },
  HH: { field: 'hour', digits: '(\\d{2})' },
  H: { field: 'hour', digits: '(\\d{1,2})' },
  hh: { field: 'hour12', digits: '(\\d{2})' },
  h: { field: 'hour12', digits: '(\\d{1,2})' },
  mm: { field: 'minute', digits: '(\\d{2})' },
  ss: { field: 'second', digits: '(\\d{2})' },
  SSS: { field: 'millis', digits: '(\\d{3})' },
  a: { field: 'ampm', digits: '([AaPp][Mm])' },
};
const TOKEN_PATTERN = /'[^']*'|yyyy|yy|MM|M|dd|d|HH|H|hh|h|mm|ss|SSS|a|[A-Za-z]|[^A-Za-z']/g;
const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const compiled = new Map<string, CompiledPattern | null>();

/** The pattern compiled, or null when it has a letter the service's patterns do not know. */
export function compileDatePattern(pattern: string): CompiledPattern | null {
  let known = compiled.get(pattern);
  if (known !== undefined) return known;
  let regex = '';
  const fields: Field[] = [];
  known = { regex: /$^/, fields, hasDate: false, hasTime: false };
  for (const token of pattern.match(TOKEN_PATTERN) ?? []) {
    if (token.startsWith("'")) regex += escapeRegex(token === "''" ? "'" : token.slice(1, -1));
    else if (TOKENS[token]) {
      fields.push(TOKENS[token].field);
      regex += TOKENS[token].digits;
    } else if (/^[A-Za-z]$/.test(token)) {
      known = null;
      break;
    } else regex += escapeRegex(token);
  }
  if (known) {
    known.regex = new RegExp(`^${regex}$`);
    known.hasDate = fields.some((f) => f === 'year' || f === 'year2' || f === 'month' || f === 'day');
    known.hasTime = fields.some((f) => f === 'hour' || f === 'hour12' || f === 'minute');
  }
  compiled.set(pattern, known);
  return known;
}

/** The value read with the pattern, or null when it does not match or names no real date. */
export function parseDate(value: string, pattern: string): DateParts | null {
  const compiledPattern = compileDatePattern(pattern);
  if (!compiledPattern) return null;
  const match = compiledPattern.regex.exec(value);
  if (!match) return null;
  const parts: DateParts = { year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  let pm: boolean | undefined;
  let hour12: number | undefined;
  compiledPattern.fields.forEach((field, index) => {
    const text = match[index + 1]!;
    const n = Number(text);
    if (field === 'year') parts.year = n;
    else if (field === 'year2') parts.year = 2000 + n;
    else if (field === 'month') parts.month = n;
    else if (field === 'day') parts.day = n;
    else if (field === 'hour') parts.hour = n;
    else if (field === 'hour12') hour12 = n;
    else if (field === 'minute') parts.minute = n;
    else if (field === 'second') parts.second = n;
    else if (field === 'ampm') pm = /^p/i.test(text);
  });
  if (hour12 !== undefined) {
    if (hour12 < 1 || hour12 > 12) return null;
    parts.hour = (hour12 % 12) + (pm ? 12 : 0);
  }
  return validParts(parts) ? parts : null;
}

function validParts(p: DateParts): boolean {
  if (p.month < 1 || p.month > 12 || p.day < 1 || p.hour > 23 || p.minute > 59 || p.second > 59) return false;
  const daysInMonth = new Date(Date.UTC(p.year, p.month, 0)).getUTCDate();
  return p.day <= daysInMonth;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `yyyy-MM-dd`, as the pool stores a DATE. */
export const isoDate = (p: DateParts): string => `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
/** `HH:mm:ss`, as the pool stores a TIME. */
export const isoTime = (p: DateParts): string => `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
