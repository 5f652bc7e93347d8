import { SVG_LIMITS, type SvgLimitKind } from '../../shared/domain/svg-limits.ts';

export { SVG_LIMITS, type SvgLimitKind };

/** Thrown instead of building a document that would freeze whoever draws it. */
export class SvgTooLargeError extends Error {
  readonly kind: SvgLimitKind;
  readonly limit: number;

  constructor(kind: SvgLimitKind, limit: number) {
    super(`The SVG is too large to show safely (${kind} over ${limit}).`);
    this.name = 'SvgTooLargeError';
    this.kind = kind;
    this.limit = limit;
  }
}
