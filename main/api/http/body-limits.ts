/**
 * How much of an answer Lanes reads before it stops: one misbehaving or
 * hostile service once sent a 700 MB render that took the CLI to 2.35 GB.
 * Generous where real answers are large (BPMN of big processes, renders),
 * tighter for JSON. An answer over its limit is `api.responseTooLarge`,
 * never retried: asking again brings the same answer.
 */
export const BODY_LIMITS = {
  /** JSON answers: listings (a whole facet tree is one answer), elements, results. */
  json: 16 * 1024 * 1024,
  /** Server-rendered SVG: larger than main's sanitizer accepts, so that one says why. */
  render: 16 * 1024 * 1024,
  /** BPMN 2.0 XML export. */
  bpmn: 64 * 1024 * 1024,
} as const;
