/**
 * The lean reader of a re-sync's cheap listing: one page of JSON text read
 * in one pass for only what refresh compares (each element's id, versionId
 * and changedOn, and where it sits in the view), without building the
 * element objects, validating them field by field or normalising them. A
 * re-sync of an unchanged 10,000-element tenant reads 2.7 MB of such pages;
 * the full client path (JSON.parse, zod, normalize) made the client's work
 * twice the transfer's. Anything that is not the listing's shape is refused
 * as the full path would refuse it: a typed `api.invalidResponse`.
 */
import { LanesError } from '../../shared/ipc/errors.ts';
import type { Member, Stamp } from '../cache/element-tree.ts';

/** One listed element as refresh needs it. */
export interface StampRow extends Stamp {
  id: string;
}

interface StampPage {
  /** How many top-level elements the page lists (fewer than the page size: the last page). */
  listed: number;
  /** Every element of the view once (tree members included), in the view's pre-order. */
  rows: StampRow[];
  members: Member[];
}

interface Node {
  id: string;
  versionId: string | null;
  changedOn: string | null;
  /** A child with attributes is a tree member; a bare reference is not (element-tree.ts isTreeChild). */
  hasAttributes: boolean;
  children: Node[];
}

class Malformed extends Error {}

const QUOTE = 34;
const BACKSLASH = 92;

class Scanner {
  readonly #text: string;
  #at = 0;

  constructor(text: string) {
    this.#text = text;
  }

  #ws(): number {
    const text = this.#text;
    let at = this.#at;
    for (;;) {
      const c = text.charCodeAt(at);
      if (c === 32 || c === 10 || c === 13 || c === 9) at++;
      else break;
    }
    this.#at = at;
    return text.charCodeAt(at);
  }

  /** The next non-blank character is `code`: consumed; else the text is not what a listing is. */
  expect(code: number): void {
    if (this.#ws() !== code) throw new Malformed();
    this.#at++;
  }

  /** Consumes `code` if it is next. */
  accept(code: number): boolean {
    if (this.#ws() !== code) return false;
    this.#at++;
    return true;
  }

  peek(): number {
    return this.#ws();
  }

  /** A string token, unescaped. */
  string(): string {
    if (this.#ws() !== QUOTE) throw new Malformed();
    const text = this.#text;
    const start = this.#at + 1;
    let end = text.indexOf('"', start);
    let escaped = false;
    for (;;) {
      if (end < 0) throw new Malformed();
      // An odd run of backslashes before it escapes the quote.
      let slashes = 0;
      while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
      if (slashes > 0) escaped = true;
      if (slashes % 2 === 0) break;
      end = text.indexOf('"', end + 1);
    }
    this.#at = end + 1;
    if (!escaped) return text.slice(start, end);
    try {
      return JSON.parse(text.slice(start - 1, end + 1)) as string;
    } catch {
      throw new Malformed();
    }
  }

  /** A string or null. */
  nullableString(): string | null {
    if (this.#ws() === 110 /* n */) {
      this.literal('null');
      return null;
    }
    return this.string();
  }

  literal(word: string): void {
    if (!this.#text.startsWith(word, this.#at)) throw new Malformed();
    this.#at += word.length;
  }

  number(): number {
    this.#ws();
    const match = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.#text.slice(this.#at, this.#at + 32));
    if (!match) throw new Malformed();
    this.#at += match[0].length;
    return Number(match[0]);
  }

  /** Skips one JSON value of any kind, nested ones included, without building it. */
  skip(): void {
    const c = this.#ws();
    if (c === QUOTE) {
      this.string();
      return;
    }
    if (c === 123 /* { */ || c === 91 /* [ */) {
      let depth = 0;
      const text = this.#text;
      let at = this.#at;
      for (; at < text.length; at++) {
        const d = text.charCodeAt(at);
        if (d === QUOTE) {
          this.#at = at;
          this.string();
          at = this.#at - 1;
        } else if (d === 123 || d === 91) depth++;
        else if (d === 125 || d === 93) {
          if (--depth === 0) {
            this.#at = at + 1;
            return;
          }
        }
      }
      throw new Malformed();
    }
    if (c === 116) return this.literal('true');
    if (c === 102) return this.literal('false');
    if (c === 110) return this.literal('null');
    this.number();
  }

  /** Calls `field` for each key of an object (which must read or skip the value). */
  object(field: (key: string) => void): void {
    this.expect(123);
    if (this.accept(125)) return;
    do {
      const key = this.string();
      this.expect(58 /* : */);
      field(key);
    } while (this.accept(44 /* , */));
    this.expect(125);
  }

  array(item: () => void): void {
    this.expect(91);
    if (this.accept(93)) return;
    do item();
    while (this.accept(44));
    this.expect(93);
  }

  /** Only blanks may follow the envelope. */
  end(): void {
    this.#ws();
    if (this.#at < this.#text.length) throw new Malformed();
  }

  /** A culture map's value as normalize.cultureMap keeps it: a scalar as text, null as absent. */
  scalar(): string | null {
    const c = this.#ws();
    if (c === QUOTE) return this.string();
    if (c === 110) {
      this.literal('null');
      return null;
    }
    if (c === 116 || c === 102) {
      const word = c === 116 ? 'true' : 'false';
      this.literal(word);
      return word;
    }
    return String(this.number());
  }
}

function element(scan: Scanner): Node {
  const node: Node = { id: '', versionId: null, changedOn: null, hasAttributes: false, children: [] };
  const children = (): void => scan.array(() => node.children.push(element(scan)));
  scan.object((key) => {
    if (key === 'id') node.id = scan.string();
    else if (key === 'versionId') node.versionId = scan.nullableString();
    else if (key === 'attributes') {
      if (scan.peek() === 110) return scan.literal('null');
      scan.object((name) => {
        node.hasAttributes = true;
        if (name !== 'changedOn') return scan.skip();
        if (scan.peek() === 110) return scan.literal('null');
        // The culture-invariant value (127), as stampOf reads it.
        scan.object((culture) => {
          if (culture === '127') node.changedOn = scan.scalar();
          else scan.skip();
        });
      });
    } else if (key === 'children') {
      const next = scan.peek();
      if (next === 91) children();
      else if (next === 110) scan.literal('null');
      else
        scan.object((name) => {
          if (name === 'values' || name === 'elements') children();
          else scan.skip();
        });
    } else scan.skip();
  });
  if (!node.id) throw new Malformed();
  return node;
}

/**
 * Reads one page of a listing (`{"count": n, "values": [...]}`, or `elements`)
 * into its rows and membership, positions counted from `startPosition`.
 */
export function readStampPage(text: string, startPosition = 0, what = 'a listing'): StampPage {
  const scan = new Scanner(text);
  const roots: Node[] = [];
  let listed = false;
  try {
    scan.object((key) => {
      if (key === 'values' || key === 'elements') {
        listed = true;
        scan.array(() => roots.push(element(scan)));
      } else scan.skip();
    });
    scan.end();
    if (!listed) throw new Malformed();
  } catch (error) {
    if (!(error instanceof Malformed)) throw error;
    throw new LanesError({
      code: 'api.invalidResponse',
      message: `The service's answer to ${what} is not a listing of elements.`,
      params: { operation: 'listElements', field: 'values' },
    });
  }
  const rows: StampRow[] = [];
  const members: Member[] = [];
  let position = startPosition;
  const visit = (node: Node, parentId: string | null): void => {
    rows.push({ id: node.id, versionId: node.versionId || null, changedOn: node.changedOn });
    members.push({ elementId: node.id, parentId, position: position++ });
    for (const child of node.children) if (child.hasAttributes) visit(child, node.id);
  };
  for (const root of roots) visit(root, null);
  return { listed: roots.length, rows, members };
}
