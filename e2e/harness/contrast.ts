/**
 * What a person sees of an element: its text colour against the background
 * actually painted behind it (its own, or the nearest ancestor's, with
 * translucent layers blended), and WCAG's contrast ratio between the two.
 */
import type { Locator } from 'playwright';

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export interface SeenColours {
  text: string;
  foreground: Rgba;
  /** The element's own background (transparent when it paints none). */
  ownBackground: Rgba;
  /** What is painted behind the text, blended down to an opaque colour. */
  background: Rgba;
  visible: boolean;
}

/** Reads the colours in the page; the function runs in the browser, so it is self-contained. */
export async function seenColours(locator: Locator): Promise<SeenColours> {
  return locator.evaluate((element) => {
    const parse = (value: string): Rgba => {
      const parts =
        /rgba?\(([^)]+)\)/
          .exec(value)?.[1]
          ?.split(/[\s,/]+/)
          .filter(Boolean) ?? [];
      const [r = 0, g = 0, b = 0] = parts.slice(0, 3).map(Number);
      return { r, g, b, a: parts[3] === undefined ? (parts.length ? 1 : 0) : Number(parts[3]) };
    };
    const over = (top: Rgba, below: Rgba): Rgba => ({
      r: top.r * top.a + below.r * (1 - top.a),
      g: top.g * top.a + below.g * (1 - top.a),
      b: top.b * top.a + below.b * (1 - top.a),
      a: 1,
    });
    const layers: Rgba[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const colour = parse(getComputedStyle(node).backgroundColor);
      if (colour.a > 0) layers.push(colour);
      if (colour.a >= 1) break;
    }
    // Below every element: the canvas, white unless the root painted something.
    let background: Rgba = { r: 255, g: 255, b: 255, a: 1 };
    for (const layer of layers.reverse()) background = over(layer, background);
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return {
      text: (element.textContent ?? '').trim(),
      foreground: over(parse(style.color), background),
      ownBackground: parse(style.backgroundColor),
      background,
      visible: box.width > 0 && box.height > 0 && style.visibility === 'visible' && Number(style.opacity) > 0,
    };
  });
}

function luminance({ r, g, b }: Rgba): number {
  const channel = (value: number): number => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio, 1 (none) to 21 (black on white). */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
