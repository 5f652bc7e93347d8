/**
 * Every button a page shows, read as a person sees it in each of its states:
 * its text colour against the background actually painted behind the text
 * (its own and its ancestors', translucent layers and opacity blended, a modal
 * dialog over its backdrop), at rest, hovered, focused by keyboard and pressed,
 * disabled or not (axe skips disabled controls; this does not).
 *
 * The states are forced through the DevTools protocol (`CSS.forcePseudoState`),
 * not by moving the mouse or the focus, so the test that asks sees its page as
 * it left it. Buttons that look alike (same tags, classes and state attributes
 * from the text up to the root, same colours at rest) are forced once, and what
 * was read is remembered for the rest of the test file.
 */
import type { CDPSession, Page } from 'playwright';
import { contrastRatio, type Rgba } from './contrast.ts';

/** WCAG AA for text: 4.5:1, for every state of every button. */
export const MINIMUM_BUTTON_CONTRAST = 4.5;

export type ButtonState = 'normal' | 'hover' | 'focus-visible' | 'active';

export interface ButtonFailure {
  /** The button's text. */
  text: string;
  /** Where it is: the button and a few of its ancestors, as selectors. */
  where: string;
  state: ButtonState;
  /** `disabled`, `aria-disabled` or `enabled`. */
  disabled: Disabled;
  foreground: string;
  background: string;
  ratio: number;
  /** How many buttons of the page look like this one. */
  count: number;
}

type Disabled = 'enabled' | 'disabled' | 'aria-disabled';

/** What the page tells of one kind of button: its first instance stands for all. */
interface Kind {
  signature: string;
  text: string;
  where: string;
  disabled: Disabled;
  count: number;
  /** Per piece of text in the button, at rest. */
  normal: Painted[];
}

interface Painted {
  text: string;
  foreground: Rgba;
  background: Rgba;
}

interface Forced {
  state: Exclude<ButtonState, 'normal'>;
  /** Pseudo-classes forced on the button itself and on each of its ancestors. */
  own: string[];
  up: string[];
  /** Whether a natively disabled button can be in this state (it can be hovered, not focused or pressed). */
  whenDisabled: boolean;
}

const forcedStates: Forced[] = [
  { state: 'hover', own: ['hover'], up: ['hover'], whenDisabled: true },
  { state: 'focus-visible', own: ['focus', 'focus-visible'], up: ['focus-within'], whenDisabled: false },
  {
    state: 'active',
    own: ['active', 'hover', 'focus'],
    up: ['active', 'hover', 'focus-within'],
    whenDisabled: false,
  },
];

/** What was read in the forced states, by signature: the same kind of button is forced once per test file. */
const remembered = new Map<string, { state: Forced['state']; painted: Painted[] }[]>();

/** The state kept in the page between the audit's steps. */
const KEY = '__lanesButtonAudit';

/**
 * Installs the audit's page side (self-contained: it runs in the browser).
 * `collect` finds the buttons, `prepare` names the kinds to force (and turns
 * transitions off, so a forced colour is read at its end), `measure` reads
 * them, `finish` puts the page back as it was.
 */
function install(key: string): void {
  type Colour = { r: number; g: number; b: number; a: number };
  const transparent: Colour = { r: 0, g: 0, b: 0, a: 0 };
  const white: Colour = { r: 255, g: 255, b: 255, a: 1 };
  let canvas: CanvasRenderingContext2D | null = null;
  const parse = (value: string): Colour => {
    const legacy = /^rgba?\(([^)]+)\)$/.exec(value)?.[1];
    if (legacy) {
      const parts = legacy
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      const [r = 0, g = 0, b = 0, a = 1] = parts;
      return { r, g, b, a };
    }
    if (value === 'transparent' || value === '') return transparent;
    // Any other syntax (color(), oklch(), color-mix()): let the browser paint one pixel of it.
    canvas ??= new OffscreenCanvas(1, 1).getContext('2d') as unknown as CanvasRenderingContext2D;
    canvas.clearRect(0, 0, 1, 1);
    canvas.fillStyle = value;
    canvas.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = canvas.getImageData(0, 0, 1, 1).data;
    return { r, g, b, a: a / 255 };
  };
  /** `top` painted over `below`, both possibly translucent. */
  const over = (top: Colour, below: Colour): Colour => {
    const a = top.a + below.a * (1 - top.a);
    if (a === 0) return transparent;
    const mix = (t: number, b: number) => (t * top.a + b * below.a * (1 - top.a)) / a;
    return { r: mix(top.r, below.r), g: mix(top.g, below.g), b: mix(top.b, below.b), a };
  };
  const inTopLayer = (node: Element): boolean => {
    try {
      return node.matches(':modal, :popover-open');
    } catch {
      return node.matches(':modal');
    }
  };
  /**
   * What one pixel of `holder` shows: `ink` (its text colour, or nothing for
   * the background beside the text) over its background, each ancestor's
   * background below, each opacity applied to its element and all inside.
   */
  const paint = (holder: Element, ink: Colour): Colour => {
    let layer = ink;
    for (let node: Element | null = holder; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      layer = over(layer, parse(style.backgroundColor));
      const opacity = Number(style.opacity);
      if (opacity < 1) layer = { ...layer, a: layer.a * opacity };
      if (inTopLayer(node)) {
        // A modal dialog lies over its ::backdrop, over the page (its body's colour), not over its parents.
        const backdrop = parse(getComputedStyle(node, '::backdrop').backgroundColor);
        const page = parse(getComputedStyle(document.body).backgroundColor);
        layer = over(layer, over(backdrop, over(page, white)));
        break;
      }
    }
    return over(layer, white);
  };
  const read = (holder: Element, text: string) => {
    const style = getComputedStyle(holder);
    return {
      text,
      foreground: paint(holder, parse(style.color)),
      background: paint(holder, transparent),
    };
  };

  const selector =
    'button, [role=button], input[type=button], input[type=submit], input[type=reset], a[class*=button]';
  /** Attribute names some style rule of the page selects on: only these can change how a button looks. */
  const styledAttributes = (): Set<string> => {
    const names = new Set(['disabled', 'class', 'type', 'role']);
    const visit = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule)
          for (const match of rule.selectorText.matchAll(/\[\s*([\w-]+)/g))
            names.add(match[1]!.toLowerCase());
        if ('cssRules' in rule && rule.cssRules) visit(rule.cssRules as CSSRuleList);
      }
    };
    for (const sheet of [...document.styleSheets, ...document.adoptedStyleSheets])
      try {
        visit(sheet.cssRules);
      } catch {
        // A sheet of another origin cannot be read; Lanes has none.
      }
    return names;
  };
  const describe = (node: Element, attributes: Set<string>): string => {
    const parts = [node.tagName.toLowerCase()];
    for (const name of [...node.classList].sort()) parts.push(`.${name}`);
    for (const attribute of [...node.attributes].sort((x, y) => x.name.localeCompare(y.name)))
      if (attributes.has(attribute.name) && attribute.name !== 'class')
        parts.push(`[${attribute.name}=${JSON.stringify(attribute.value)}]`);
    // Structural pseudo-classes: first, last, odd/even child.
    const parent = node.parentElement;
    if (parent) {
      const index = [...parent.children].indexOf(node);
      parts.push(
        `:${index === 0 ? 'first' : ''}${index === parent.children.length - 1 ? 'last' : ''}${index % 2}`,
      );
    }
    return parts.join('');
  };
  const shown = (node: Node): boolean => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    return box.width > 1 && box.height > 1;
  };
  /** The elements holding the button's visible text, each with its text. */
  const pieces = (button: Element): { holder: Element; text: string }[] => {
    if (button instanceof HTMLInputElement)
      return button.value.trim() ? [{ holder: button, text: button.value.trim() }] : [];
    const found = new Map<Element, string>();
    const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const holder = node.parentElement;
      if (!text || !holder || !shown(node)) continue;
      const style = getComputedStyle(holder);
      if (style.visibility !== 'visible') continue;
      found.set(holder, `${found.get(holder) ?? ''} ${text}`.trim());
    }
    return [...found].map(([holder, text]) => ({ holder, text }));
  };
  const visiblyPainted = (node: Element): boolean => {
    for (let at: Element | null = node; at; at = at.parentElement)
      if (Number(getComputedStyle(at).opacity) === 0) return false;
    return true;
  };

  type Kept = { button: Element; holders: Element[] };
  const state = {
    kinds: [] as Kept[],
    targets: [] as Element[],
    up: [] as Element[],
    sheet: null as CSSStyleSheet | null,
    collect() {
      const attributes = styledAttributes();
      const dark = matchMedia('(prefers-color-scheme: dark)').matches;
      const bySignature = new Map<string, number>();
      const kinds: {
        signature: string;
        text: string;
        where: string;
        disabled: string;
        count: number;
        normal: ReturnType<typeof read>[];
      }[] = [];
      this.kinds = [];
      for (const button of document.querySelectorAll(selector)) {
        const found = pieces(button);
        if (found.length === 0 || !visiblyPainted(button)) continue;
        const disabled = button.matches(':disabled')
          ? 'disabled'
          : button.getAttribute('aria-disabled') === 'true'
            ? 'aria-disabled'
            : 'enabled';
        const normal = found.map(({ holder, text }) => read(holder, text));
        const chain: string[] = [];
        for (const { holder } of found)
          for (let at: Element | null = holder; at && at !== button; at = at.parentElement)
            chain.push(describe(at, attributes));
        for (let at: Element | null = button; at; at = at.parentElement) chain.push(describe(at, attributes));
        const signature = JSON.stringify([
          dark,
          disabled,
          chain,
          normal.map(({ foreground, background }) => [foreground, background]),
        ]);
        const known = bySignature.get(signature);
        if (known !== undefined) {
          kinds[known]!.count++;
          continue;
        }
        bySignature.set(signature, kinds.length);
        this.kinds.push({ button, holders: found.map(({ holder }) => holder) });
        const where: string[] = [];
        for (
          let at: Element | null = button;
          at && where.length < 4 && at !== document.body;
          at = at.parentElement
        ) {
          const testId = at.getAttribute('data-testid');
          where.unshift(
            at.tagName.toLowerCase() +
              [...at.classList]
                .slice(0, 2)
                .map((name) => `.${name}`)
                .join('') +
              (testId ? `[data-testid=${testId}]` : '') +
              (at.getAttribute('data-role') ? `[data-role=${at.getAttribute('data-role')}]` : ''),
          );
        }
        kinds.push({
          signature,
          text: found
            .map(({ text }) => text)
            .join(' ')
            .replace(/\s+/g, ' ')
            .slice(0, 60),
          where: where.join(' > '),
          disabled,
          count: 1,
          normal,
        });
      }
      return kinds;
    },
    /** Keeps the kinds to force; returns, for each, the indices of its ancestors in `up`. */
    prepare(indices: number[]): number[][] {
      this.targets = indices.map((index) => this.kinds[index]!.button);
      const up = new Map<Element, number>();
      const ancestors = this.targets.map((button) => {
        const mine: number[] = [];
        for (let at = button.parentElement; at; at = at.parentElement) {
          if (!up.has(at)) up.set(at, up.size);
          mine.push(up.get(at)!);
        }
        return mine;
      });
      this.up = [...up.keys()];
      // A forced colour is read where it ends, not where a transition starts.
      this.sheet = new CSSStyleSheet();
      this.sheet.replaceSync('*, *::before, *::after { transition: none !important; }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, this.sheet];
      return ancestors;
    },
    measure(indices: number[]) {
      return indices.map((index) => {
        const kind = this.kinds[index]!;
        return kind.holders.map((holder) => read(holder, ''));
      });
    },
    finish() {
      // Styles settle (a layout reads them all) without transitions before they are allowed again.
      document.documentElement.getBoundingClientRect();
      const sheet = this.sheet;
      if (sheet) document.adoptedStyleSheets = document.adoptedStyleSheets.filter((one) => one !== sheet);
      delete (window as unknown as Record<string, unknown>)[key];
    },
  };
  (window as unknown as Record<string, unknown>)[key] = state;
}

type PageSide = {
  collect(): Kind[];
  prepare(indices: number[]): number[][];
  measure(indices: number[]): Painted[][];
  finish(): void;
};

function call<Name extends keyof PageSide>(
  page: Page,
  name: Name,
  ...args: Parameters<PageSide[Name]>
): Promise<ReturnType<PageSide[Name]>> {
  return page.evaluate(
    ({ key, name, args }) =>
      (
        (window as unknown as Record<string, Record<string, (...a: unknown[]) => unknown>>)[key]![name] as (
          ...a: unknown[]
        ) => unknown
      )(...args),
    { key: KEY, name, args },
  ) as Promise<ReturnType<PageSide[Name]>>;
}

/** The nodes of the elements in the page's array `expression`, as the DevTools protocol names them. */
async function nodeIds(session: CDPSession, expression: string): Promise<number[]> {
  const { result } = await session.send('Runtime.evaluate', { expression, objectGroup: KEY });
  if (!result.objectId) throw new Error(`${expression} is not an array of elements`);
  const { result: properties } = await session.send('Runtime.getProperties', {
    objectId: result.objectId,
    ownProperties: true,
  });
  const elements = properties
    .filter((property) => /^\d+$/.test(property.name) && property.value?.objectId)
    .sort((a, b) => Number(a.name) - Number(b.name));
  return Promise.all(
    elements.map(async (property) => {
      const { nodeId } = await session.send('DOM.requestNode', { objectId: property.value!.objectId! });
      return nodeId;
    }),
  );
}

/** Reads the kinds `indices` in each forced state; the page is as before afterwards. */
async function forceAndRead(
  page: Page,
  kinds: Kind[],
  indices: number[],
): Promise<Map<number, { state: Forced['state']; painted: Painted[] }[]>> {
  const read = new Map<number, { state: Forced['state']; painted: Painted[] }[]>(indices.map((i) => [i, []]));
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('DOM.getDocument', { depth: 0 });
    await session.send('CSS.enable');
    const ancestors = await call(page, 'prepare', indices);
    const own = await nodeIds(session, `window.${KEY}.targets`);
    const up = await nodeIds(session, `window.${KEY}.up`);
    const touched = new Set<number>([...own, ...up]);
    const force = (classes: Map<number, Set<string>>) =>
      Promise.all(
        [...touched].map((nodeId) =>
          session.send('CSS.forcePseudoState', {
            nodeId,
            forcedPseudoClasses: [...(classes.get(nodeId) ?? [])],
          }),
        ),
      );
    try {
      for (const forced of forcedStates) {
        const classes = new Map<number, Set<string>>();
        const add = (nodeId: number, names: string[]) => {
          const set = classes.get(nodeId) ?? new Set<string>();
          for (const name of names) set.add(name);
          classes.set(nodeId, set);
        };
        const measured = indices.filter(
          (index) => forced.whenDisabled || kinds[index]!.disabled !== 'disabled',
        );
        indices.forEach((index, at) => {
          if (!measured.includes(index)) return;
          add(own[at]!, forced.own);
          for (const upAt of ancestors[at]!) add(up[upAt]!, forced.up);
        });
        await force(classes);
        const painted = await call(page, 'measure', measured);
        measured.forEach((index, at) =>
          read.get(index)!.push({ state: forced.state, painted: painted[at]! }),
        );
      }
    } finally {
      await force(new Map());
      await call(page, 'finish');
    }
  } finally {
    await session.send('Runtime.releaseObjectGroup', { objectGroup: KEY }).catch(() => {});
    await session.detach().catch(() => {});
  }
  return read;
}

const css = ({ r, g, b }: Rgba): string => `rgb(${Math.round(r)} ${Math.round(g)} ${Math.round(b)})`;

/**
 * Every visible button of `page` (and `[role=button]`, input buttons, links
 * styled as buttons), in open dialogs too, whose text falls below `minimum`
 * against what is painted behind it, at rest, hovered, keyboard-focused or
 * pressed; disabled buttons as they are (natively disabled ones at rest and
 * hovered). Buttons without text (icons only) are not read.
 */
export async function buttonContrastFailures(
  page: Page,
  minimum: number = MINIMUM_BUTTON_CONTRAST,
): Promise<ButtonFailure[]> {
  return (await auditButtons(page, minimum)).failures;
}

export interface ButtonAudit {
  failures: ButtonFailure[];
  /** Buttons read, kinds of them (alike buttons are one kind), kinds whose states had to be forced. */
  buttons: number;
  kinds: number;
  forced: number;
  milliseconds: number;
}

/** `buttonContrastFailures` with what it cost: how many buttons, kinds and forced kinds, how long. */
export async function auditButtons(
  page: Page,
  minimum: number = MINIMUM_BUTTON_CONTRAST,
): Promise<ButtonAudit> {
  const started = performance.now();
  await page.evaluate(install, KEY);
  const kinds = await call(page, 'collect');
  const unknown = kinds.flatMap((kind, index) => (remembered.has(kind.signature) ? [] : [index]));
  if (unknown.length > 0) {
    try {
      const read = await forceAndRead(page, kinds, unknown);
      for (const [index, states] of read) remembered.set(kinds[index]!.signature, states);
    } catch (error) {
      await call(page, 'finish').catch(() => {});
      throw error;
    }
  } else {
    await call(page, 'finish');
  }
  const failures: ButtonFailure[] = [];
  for (const kind of kinds) {
    const states: { state: ButtonState; painted: Painted[] }[] = [
      { state: 'normal', painted: kind.normal },
      ...(remembered.get(kind.signature) ?? []),
    ];
    for (const { state, painted } of states) {
      const worst = painted
        .map((one) => ({ ...one, ratio: contrastRatio(one.foreground, one.background) }))
        .sort((a, b) => a.ratio - b.ratio)[0];
      if (!worst || worst.ratio >= minimum) continue;
      failures.push({
        text: kind.text,
        where: kind.where,
        state,
        disabled: kind.disabled,
        foreground: css(worst.foreground),
        background: css(worst.background),
        ratio: worst.ratio,
        count: kind.count,
      });
    }
  }
  return {
    failures,
    buttons: kinds.reduce((sum, kind) => sum + kind.count, 0),
    kinds: kinds.length,
    forced: unknown.length,
    milliseconds: Math.round(performance.now() - started),
  };
}

/**
 * One line per button and colours: the button, where it is, the states it
 * fails in with those colours, and their ratio.
 */
export function describeButtonFailures(failures: ButtonFailure[], minimum = MINIMUM_BUTTON_CONTRAST): string {
  const lines = new Map<string, { failure: ButtonFailure; states: ButtonState[] }>();
  for (const failure of failures) {
    const key = JSON.stringify([failure.text, failure.where, failure.foreground, failure.background]);
    const line = lines.get(key) ?? { failure, states: [] };
    line.states.push(failure.state);
    lines.set(key, line);
  }
  return [...lines.values()]
    .map(({ failure, states }) => {
      const notes = [failure.where];
      if (failure.disabled !== 'enabled') notes.push(failure.disabled);
      if (failure.count > 1) notes.push(`${failure.count} alike`);
      return (
        `  “${failure.text}” (${notes.join(', ')}) ${states.join(', ')}: ` +
        `text ${failure.foreground} on ${failure.background} = ${failure.ratio.toFixed(2)}:1 < ${minimum}:1`
      );
    })
    .join('\n');
}

/** The error `assertButtonsReadable` throws: every failure, one line per button and colours. */
export function buttonFailureMessage(failures: ButtonFailure[], what: string): string {
  return `${failures.length} button state(s) below ${MINIMUM_BUTTON_CONTRAST}:1 on ${what}:\n${describeButtonFailures(failures)}`;
}

/** Throws, naming every failure, when a button of `page` is not readable in one of its states. */
export async function assertButtonsReadable(page: Page, what: string): Promise<void> {
  const failures = await buttonContrastFailures(page);
  if (failures.length > 0) throw new Error(buttonFailureMessage(failures, what));
}
