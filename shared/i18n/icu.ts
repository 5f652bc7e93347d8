/**
 * Compiling one catalog text as an ICU MessageFormat message. Besides ICU's
 * own argument types (`{n, number}`, `{n, plural, …}`, `{d, date, medium}`),
 * a message may declare `{limit, number, size}`: a count of bytes shown as
 * people read sizes ("1.5 MB" / "1,5 MB"), which ICU has no skeleton for.
 */
import {
  parse,
  TYPE,
  type MessageFormatElement,
  type PluralOrSelectOption,
} from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat, type Formatters } from 'intl-messageformat';
import type { UiLanguage } from '../domain/languages.ts';
import { formatBytes } from './formats.ts';

export type MessageParams = Readonly<Record<string, string | number | Date>>;

/** Intl objects are expensive to build: one per language and options, shared by every message. */
function memoized<A extends unknown[], R>(make: (...args: A) => R): (...args: A) => R {
  const cache = new Map<string, R>();
  return (...args) => {
    const key = JSON.stringify(args);
    let value = cache.get(key);
    if (value === undefined) {
      value = make(...args);
      cache.set(key, value);
    }
    return value;
  };
}

const formatters: Formatters = {
  getNumberFormat: memoized((locales, options) => new Intl.NumberFormat(locales, options)),
  getDateTimeFormat: memoized((...args) => new Intl.DateTimeFormat(...args)),
  getPluralRules: memoized((...args) => new Intl.PluralRules(...args)),
};

export interface CompiledMessage {
  format(params: MessageParams): string;
}

/** `ignoreTag`: a `<` in a text is a character, never rich-text markup. */
export function parseMessage(text: string): MessageFormatElement[] {
  return parse(text, { ignoreTag: true });
}

/** Replaces `{x, number, size}` by a plain `{x}` argument and collects the names. */
function withSizesAsText(elements: MessageFormatElement[], sizes: Set<string>): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.number && element.style === 'size') {
      sizes.add(element.value);
      return { type: TYPE.argument, value: element.value };
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options: Record<string, PluralOrSelectOption> = {};
      for (const [name, option] of Object.entries(element.options))
        options[name] = { value: withSizesAsText(option.value, sizes) };
      return { ...element, options };
    }
    return element;
  });
}

/** Compiles a message of a language; throws on text that is not ICU (the catalog test parses every one). */
export function compileMessage(language: UiLanguage, text: string): CompiledMessage {
  const sizes = new Set<string>();
  const ast = withSizesAsText(parseMessage(text), sizes);
  const message = new IntlMessageFormat(ast, language, undefined, { formatters });
  if (sizes.size === 0) return { format: (params) => String(message.format(params)) };
  return {
    format: (params) => {
      const values: Record<string, string | number | Date> = { ...params };
      for (const name of sizes) {
        const bytes = Number(values[name]);
        if (Number.isFinite(bytes)) values[name] = formatBytes(language, bytes);
      }
      return String(message.format(values));
    },
  };
}

type ArgumentKind = 'text' | 'number' | 'date';

/** Every argument a message uses, with what it takes (the catalog test compares languages by this). */
export function argumentsOf(text: string): Map<string, ArgumentKind> {
  const found = new Map<string, ArgumentKind>();
  const walk = (elements: MessageFormatElement[]): void => {
    for (const element of elements) {
      if (element.type === TYPE.argument) found.set(element.value, found.get(element.value) ?? 'text');
      else if (element.type === TYPE.number || element.type === TYPE.plural)
        found.set(element.value, 'number');
      else if (element.type === TYPE.date || element.type === TYPE.time) found.set(element.value, 'date');
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        if (element.type === TYPE.select) found.set(element.value, found.get(element.value) ?? 'text');
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(parseMessage(text));
  return found;
}
