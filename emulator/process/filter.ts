/**
 * `$filter` as described in service-facts.md: `attr -eq 'value'`,
 * `Contains|StartsWith|EndsWith(attr,'x')`, `IsNull(attr)`, joined by AND/OR
 * with parentheses. Values are compared case-insensitively against every
 * culture of the attribute (SQL-Server-like collation of the real service).
 */
import type { ElementRow } from '../store/elements.ts';
import { ServiceError } from './result.ts';

type Predicate = (row: ElementRow) => boolean;

type Token = { kind: 'ident' | 'string' | 'op' | 'lparen' | 'rparen' | 'comma'; text: string };

const KNOWN_UNSUPPORTED_OPS = new Set(['-ne', '-gt', '-ge', '-lt', '-le', '-like', '-in', '-match']);

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i] ?? '';
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '(' || ch === ')' || ch === ',') {
      tokens.push({ kind: ch === '(' ? 'lparen' : ch === ')' ? 'rparen' : 'comma', text: ch });
      i++;
    } else if (ch === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= input.length)
          throw new ServiceError(400, `Invalid filter: unterminated string in "${input}"`);
        if (input[i] === "'" && input[i + 1] === "'") {
          value += "'";
          i += 2;
        } else if (input[i] === "'") {
          i++;
          break;
        } else {
          value += input[i];
          i++;
        }
      }
      tokens.push({ kind: 'string', text: value });
    } else if (ch === '-') {
      const m = /^-[a-zA-Z]+/.exec(input.slice(i));
      if (!m) throw new ServiceError(400, `Invalid filter near "${input.slice(i)}"`);
      tokens.push({ kind: 'op', text: m[0].toLowerCase() });
      i += m[0].length;
    } else {
      const m = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(input.slice(i));
      if (!m) {
        const op = /^(==|!=|<=|>=|<|>|=)/.exec(input.slice(i));
        if (op) throw new ServiceError(404, `Unsupported filter operator "${op[0]}"`);
        throw new ServiceError(400, `Invalid filter near "${input.slice(i)}"`);
      }
      tokens.push({ kind: 'ident', text: m[0] });
      i += m[0].length;
    }
  }
  return tokens;
}

function valuesOf(row: ElementRow, field: string): string[] {
  switch (field) {
    case 'id':
      return [row.id];
    case 'type':
      return [row.type];
    case 'state':
      return [row.state];
    case 'facetName':
      return [row.facet];
    case 'versionId':
      return [row.versionId];
    default:
      return Object.values(row.attributes[field] ?? {});
  }
}

class Parser {
  private pos = 0;
  private readonly tokens: Token[];
  private readonly source: string;
  constructor(tokens: Token[], source: string) {
    this.tokens = tokens;
    this.source = source;
  }

  parse(): Predicate {
    const p = this.or();
    if (this.pos < this.tokens.length) this.fail(`unexpected "${this.tokens[this.pos]?.text}"`);
    return p;
  }

  private fail(why: string): never {
    throw new ServiceError(400, `Invalid filter "${this.source}": ${why}`);
  }

  private peekKeyword(word: string): boolean {
    const t = this.tokens[this.pos];
    return t?.kind === 'ident' && t.text.toUpperCase() === word;
  }

  private or(): Predicate {
    let left = this.and();
    while (this.peekKeyword('OR')) {
      this.pos++;
      const l = left;
      const r = this.and();
      left = (row) => l(row) || r(row);
    }
    return left;
  }

  private and(): Predicate {
    let left = this.factor();
    while (this.peekKeyword('AND')) {
      this.pos++;
      const l = left;
      const r = this.factor();
      left = (row) => l(row) && r(row);
    }
    return left;
  }

  private expect(kind: Token['kind']): Token {
    const t = this.tokens[this.pos];
    if (!t || t.kind !== kind) this.fail(`expected ${kind}${t ? ` but found "${t.text}"` : ' at end'}`);
    this.pos++;
    return t;
  }

  private factor(): Predicate {
    const t = this.tokens[this.pos];
    if (!t) this.fail('unexpected end');
    if (t.kind === 'lparen') {
      this.pos++;
      const inner = this.or();
      this.expect('rparen');
      return inner;
    }
    if (t.kind !== 'ident') this.fail(`unexpected "${t.text}"`);
    this.pos++;
    const next = this.tokens[this.pos];
    if (next?.kind === 'lparen') return this.func(t.text);
    if (next?.kind !== 'op') this.fail(`expected an operator after "${t.text}"`);
    this.pos++;
    if (next.text !== '-eq') {
      if (KNOWN_UNSUPPORTED_OPS.has(next.text))
        throw new ServiceError(404, `Unsupported filter operator "${next.text}"`);
      this.fail(`unknown operator "${next.text}"`);
    }
    const value = this.expect('string').text.toLowerCase();
    const field = t.text;
    return (row) => valuesOf(row, field).some((v) => v.toLowerCase() === value);
  }

  private func(name: string): Predicate {
    this.expect('lparen');
    const field = this.expect('ident').text;
    const fn = name.toLowerCase();
    if (fn === 'isnull') {
      this.expect('rparen');
      return (row) => valuesOf(row, field).every((v) => v.trim() === '');
    }
    this.expect('comma');
    const arg = this.expect('string').text.toLowerCase();
    this.expect('rparen');
    const test =
      fn === 'contains'
        ? (v: string) => v.includes(arg)
        : fn === 'startswith'
          ? (v: string) => v.startsWith(arg)
          : fn === 'endswith'
            ? (v: string) => v.endsWith(arg)
            : undefined;
    if (!test) throw new ServiceError(404, `Unsupported filter function "${name}"`);
    return (row) => valuesOf(row, field).some((v) => test(v.toLowerCase()));
  }
}

export function parseFilter(expression: string | undefined): Predicate | null {
  if (expression === undefined || expression.trim() === '') return null;
  return new Parser(tokenize(expression), expression).parse();
}
