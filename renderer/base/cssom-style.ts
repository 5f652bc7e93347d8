/**
 * Sets inline styles through CSSOM (`element.style.setProperty`), which the
 * app's CSP (`style-src 'self'`) allows. Lit's own styleMap is not enough: on
 * its first render it writes a `style="…"` attribute, which the CSP blocks.
 * Use as an element binding: `<div ${cssomStyle({ height: '20px' })}>`.
 */
import { noChange } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';

/** Property names in CSS syntax (`padding-inline-start`, `--custom`). */
type CssProperties = Readonly<Record<string, string>>;

class CssomStyleDirective extends Directive {
  #previous = new Set<string>();

  constructor(partInfo: PartInfo) {
    super(partInfo);
    if (partInfo.type !== PartType.ELEMENT) throw new Error('cssomStyle is an element binding.');
  }

  render(_properties: CssProperties): unknown {
    return noChange;
  }

  override update(part: ElementPart, [properties]: [CssProperties]): unknown {
    const style = (part.element as HTMLElement).style;
    for (const name of this.#previous) if (!(name in properties)) style.removeProperty(name);
    for (const [name, value] of Object.entries(properties)) {
      if (style.getPropertyValue(name) !== value) style.setProperty(name, value);
    }
    this.#previous = new Set(Object.keys(properties));
    return noChange;
  }
}

export const cssomStyle = directive(CssomStyleDirective);
