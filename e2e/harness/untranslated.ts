/**
 * Finds English, raw message keys and raw service keys in what a German page
 * shows. It compares against known sets only, never a dictionary, so what
 * people wrote (process names, descriptions) is not mistaken for English:
 *
 * - English: a text that is an English catalogue message whose German differs
 *   (messages with arguments are matched with their arguments as wildcards),
 *   and that is no German message either;
 * - message keys: a token that is a catalogue key or lies under a key prefix
 *   of the catalogue (`element.type.x`, a key the catalogue lacks);
 * - service keys: a token that is one of the service's keys (facet, view,
 *   element type, release state, property, job state and kind), case-sensitive.
 *
 * What the tenant wrote (any attribute in any culture) is taken out of a text
 * before its tokens are looked at, and a text that is such a value is left
 * alone: a process called "Handle the process exception" is no finding.
 */
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Page } from 'playwright';
import { parseMessage } from '../../shared/i18n/icu.ts';
import { messagesDe } from '../../shared/i18n/messages-de.ts';
import { messagesEn } from '../../shared/i18n/messages-en.ts';
import type { RunningEmulator } from '../../emulator/index.ts';
import { FACETS, propertiesOf, STATES, TYPES } from '../../emulator/model/catalog.ts';
import { JOB_STATUSES, JOB_TYPES } from '../../emulator/datapush/jobs.ts';
import { transitionsFrom } from '../../emulator/process/state-machine.ts';

/** The permissions an element's info lists (service-api.md §2.10). */
const PERMISSIONS = [
  'NewElement',
  'EditElement',
  'DeleteElement',
  'ShowElement',
  'ApproveElement',
  'OpenElement',
];

export interface ShownText {
  text: string;
  /** Where it is: a short selector path, and the attribute for texts not in the flow. */
  where: string;
}

export interface KnownTexts {
  english: Readonly<Record<string, string>>;
  german: Readonly<Record<string, string>>;
  /** The service's keys that must never be shown as they are. */
  serviceKeys: Iterable<string>;
  /** What the tenant wrote: names, descriptions, in every culture. */
  content: Iterable<string>;
}

export interface Finding {
  kind: 'english' | 'messageKey' | 'serviceKey';
  /** The offending text or token. */
  found: string;
  /** The whole text it was found in. */
  text: string;
  where: string;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The message as a pattern: literals as written (any run of spaces as one), arguments as any text. */
function patternOf(elements: MessageFormatElement[]): string {
  return elements
    .map((element) => {
      switch (element.type) {
        case TYPE.literal:
          return escape(element.value).replace(/\s+/g, '\\s+');
        case TYPE.pound:
          return '[\\d.,\\s\u202f]+';
        case TYPE.plural:
        case TYPE.select:
          return `(?:${Object.values(element.options)
            .map((option) => patternOf(option.value))
            .join('|')})`;
        default:
          return '.+?';
      }
    })
    .join('');
}

/** Letters a message has besides its arguments: a message of arguments only says nothing about language. */
function literalLetters(elements: MessageFormatElement[]): number {
  let count = 0;
  for (const element of elements) {
    if (element.type === TYPE.literal) count += (element.value.match(/\p{L}/gu) ?? []).length;
    if (element.type === TYPE.plural || element.type === TYPE.select)
      count += Math.min(...Object.values(element.options).map((option) => literalLetters(option.value)));
  }
  return count;
}

interface Catalogue {
  plain: Set<string>;
  patterns: RegExp[];
}

const normalize = (text: string): string => text.replace(/\s+/g, ' ').trim();

function catalogueOf(messages: Iterable<string>): Catalogue {
  const plain = new Set<string>();
  const patterns: RegExp[] = [];
  for (const message of messages) {
    const elements = parseMessage(message);
    if (elements.every((element) => element.type === TYPE.literal)) plain.add(normalize(message));
    else if (literalLetters(elements) >= 3) patterns.push(new RegExp(`^${patternOf(elements)}$`, 's'));
  }
  return { plain, patterns };
}

const matches = (catalogue: Catalogue, text: string): boolean =>
  catalogue.plain.has(text) || catalogue.patterns.some((pattern) => pattern.test(text));

/** Tokens of a text: split at spaces and punctuation, keeping dots, `@`, `-` and `_` inside a token. */
function tokensOf(text: string): string[] {
  return text
    .split(/[\s,;:()[\]{}<>„“”"'«»‚‘’!?/|=+*…–—×▲▼→←·]+/u)
    .map((token) => token.replace(/^[.@_-]+|[.@_-]+$/g, ''))
    .filter(Boolean);
}

export function untranslatedFinder(known: KnownTexts): (shown: readonly ShownText[]) => Finding[] {
  const englishOnly = Object.entries(known.english)
    .filter(([key, text]) => known.german[key] !== text)
    .map(([, text]) => text);
  const english = catalogueOf(englishOnly);
  const german = catalogueOf(Object.values(known.german));
  const keys = new Set(Object.keys(known.english));
  const keyPrefixes = new Set<string>();
  for (const key of keys) {
    const parts = key.split('.');
    for (let i = 1; i < parts.length; i++) keyPrefixes.add(parts.slice(0, i).join('.'));
  }
  const serviceKeys = new Set(known.serviceKeys);
  const contentSet = new Set([...known.content].map(normalize).filter((value) => value.length > 0));
  // Longest first, so a name that contains a shorter one is taken out whole.
  const content = [...contentSet].filter((value) => value.length >= 3).sort((a, b) => b.length - a.length);
  /** The text without what the tenant wrote in it (whole words only): what is left is the app's. */
  const withoutContent = (text: string): string => {
    let rest = text;
    for (const value of content) {
      if (!rest.includes(value)) continue;
      const word = new RegExp(`(?<![\\p{L}\\p{N}_])${escape(value)}(?![\\p{L}\\p{N}_])`, 'gu');
      rest = rest.replace(word, ' · ');
    }
    return rest;
  };

  const isMessageKey = (token: string): boolean => {
    if (!/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/.test(token)) return false;
    return keys.has(token) || keyPrefixes.has(token.slice(0, token.lastIndexOf('.')));
  };

  return (shown) => {
    const findings: Finding[] = [];
    const seen = new Set<string>();
    const add = (finding: Finding): void => {
      const id = `${finding.kind}\u0000${finding.found}\u0000${finding.text}`;
      if (seen.has(id)) return;
      seen.add(id);
      findings.push(finding);
    };
    for (const { text: raw, where } of shown) {
      const text = normalize(raw);
      if (!text) continue;
      if (contentSet.has(text)) continue;
      if (matches(english, text) && !matches(german, text))
        add({ kind: 'english', found: text, text, where });
      for (const token of tokensOf(withoutContent(text))) {
        if (isMessageKey(token)) add({ kind: 'messageKey', found: token, text, where });
        else if (serviceKeys.has(token)) add({ kind: 'serviceKey', found: token, text, where });
      }
    }
    return findings;
  };
}

export function describeFindings(findings: readonly Finding[]): string {
  return findings.map((f) => `${f.kind} “${f.found}” in “${f.text}” at ${f.where}`).join('\n');
}

/**
 * Every text the page shows: text in the flow of visible elements (also
 * inside SVG), the chosen option of each select, placeholders, and the
 * titles and accessible labels people see on hover or hear.
 */
export async function shownTexts(page: Page): Promise<ShownText[]> {
  return page.evaluate(() => {
    const out: { text: string; where: string }[] = [];
    const path = (element: Element): string => {
      const parts: string[] = [];
      for (let at: Element | null = element; at && parts.length < 4; at = at.parentElement) {
        const testId = at.getAttribute('data-testid');
        const classes = [...at.classList].slice(0, 2).join('.');
        parts.unshift(
          at.localName +
            (at.id ? `#${at.id}` : '') +
            (testId ? `[data-testid=${testId}]` : classes ? `.${classes}` : ''),
        );
        if (at.localName.startsWith('lanes-')) break;
      }
      return parts.join(' > ');
    };
    const visible = (element: Element): boolean =>
      element.checkVisibility({ visibilityProperty: true }) && !element.closest('[hidden], template');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        const parent = node.parentElement;
        if (!parent || ['script', 'style', 'option', 'textarea'].includes(parent.localName)) continue;
        if (node.textContent?.trim() && visible(parent))
          out.push({ text: node.textContent, where: path(parent) });
        continue;
      }
      const element = node as Element;
      if (!visible(element)) continue;
      if (element instanceof HTMLSelectElement && element.selectedOptions[0])
        out.push({ text: element.selectedOptions[0].text, where: path(element) });
      for (const attribute of ['placeholder', 'title', 'aria-label']) {
        const value = element.getAttribute(attribute);
        if (value?.trim()) out.push({ text: value, where: `${path(element)} @${attribute}` });
      }
    }
    return out;
  });
}

/**
 * What the finder knows in a demo world: the en/de catalogues, the keys the
 * emulator's configuration uses (as the service would send them) and every
 * text of the tenant's content in its database.
 */
export function knownTextsOf(emulator: RunningEmulator): KnownTexts {
  const serviceKeys = new Set<string>([...STATES, ...JOB_STATUSES, ...JOB_TYPES, ...PERMISSIONS]);
  for (const state of STATES)
    for (const transition of transitionsFrom(state)) serviceKeys.add(transition.transitionId);
  const related = emulator.db.prepare('SELECT DISTINCT related FROM elements').all() as { related: string }[];
  for (const row of related)
    for (const context of Object.keys(JSON.parse(row.related) as object)) serviceKeys.add(context);
  for (const facet of FACETS) {
    serviceKeys.add(facet.name);
    for (const view of facet.views) serviceKeys.add(view.name);
  }
  for (const type of TYPES) {
    serviceKeys.add(type.key);
    for (const property of propertiesOf(type)) serviceKeys.add(property.key);
  }
  const content = new Set<string>();
  const strings = (value: unknown): void => {
    if (typeof value === 'string') content.add(value);
    else if (value && typeof value === 'object') for (const inner of Object.values(value)) strings(inner);
  };
  const rows = emulator.db
    .prepare('SELECT attributes AS json FROM elements UNION ALL SELECT names AS json FROM flows')
    .all() as { json: string | null }[];
  for (const row of rows) if (row.json) strings(JSON.parse(row.json));
  for (const row of emulator.db.prepare('SELECT name FROM flows WHERE name IS NOT NULL').all() as {
    name: string;
  }[])
    content.add(row.name);
  return { english: messagesEn, german: messagesDe, serviceKeys, content };
}
