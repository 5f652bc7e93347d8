/**
 * Pictures of a cached server rendering: what the editor's preview and the
 * Diagram tab paint first, instead of ~20,000 SVG nodes to parse, style and
 * lay out. Made once from the sanitised SVG, in idle time after the SVG was
 * shown, and kept by main (main/cache/render-store.ts) until the rendering is
 * fetched anew; painted later after being decoded off the page's thread.
 */
import { RASTER_LIMITS, type RenderRaster } from '../../shared/domain/workspace.ts';

/** The picture as an image of `size` CSS pixels, decoded (off the page's thread) before it enters the page. */
export async function decodePicture(
  raster: RenderRaster,
  className: string,
  size?: { width: number; height: number },
): Promise<HTMLImageElement | null> {
  // Drawn at the pixel ratio of the screen it was made on: shown at that many CSS pixels unless told.
  const ratio = Math.max(1, devicePixelRatio || 1);
  const image = new Image(
    size?.width ?? Math.round(raster.width / ratio),
    size?.height ?? Math.round(raster.height / ratio),
  );
  image.decoding = 'async';
  image.alt = '';
  image.className = className;
  image.src = `data:image/png;base64,${raster.png}`;
  try {
    await image.decode();
    return image;
  } catch {
    return null; // not a picture after all: the SVG is shown instead
  }
}

/**
 * How a picture is drawn, in CSS pixels: the top of the diagram fitted to a width (`top`), or the whole
 * diagram in a box (`box`), placed there as an SVG of that width and height draws its viewBox (centred,
 * uniformly scaled: preserveAspectRatio's default), so the picture matches the SVG it stands in for.
 */
export type PicturePlan = (
  { top: { width: number; maxHeight: number } } | { box: { width: number; height: number } }
) & {
  /**
   * The element the SVG is shown in (default: the page's body): text the SVG does not style itself takes
   * this element's font, as the inline SVG does (an SVG drawn as an image inherits nothing from the page).
   */
  host?: Element;
};

interface Drawing {
  width: number;
  height: number;
  /** Where the image goes on the canvas: x, y, width, height. */
  at: [number, number, number, number];
}

/** The canvas's size and the image's place on it, in device pixels, within RASTER_LIMITS.side. */
export function drawingOf(
  plan: PicturePlan,
  image: { width: number; height: number },
  ratio: number,
): Drawing {
  const side = RASTER_LIMITS.side;
  if ('box' in plan) {
    // The whole diagram: over the limit it is drawn smaller (and shown enlarged), never cut.
    const shrink = Math.min(1, side / (plan.box.width * ratio), side / (plan.box.height * ratio));
    const width = Math.max(1, Math.round(plan.box.width * ratio * shrink));
    const height = Math.max(1, Math.round(plan.box.height * ratio * shrink));
    const scale = Math.min(width / image.width, height / image.height);
    const [w, h] = [image.width * scale, image.height * scale];
    return { width, height, at: [(width - w) / 2, (height - h) / 2, w, h] };
  }
  // The top of the diagram, fitted to the width (never enlarged): at most `maxHeight`, and `side`, a side.
  const scale = Math.min(plan.top.width / image.width, 1) * ratio;
  const width = Math.min(side, Math.max(1, Math.round(image.width * scale)));
  const tall = Math.round(plan.top.maxHeight * ratio);
  const height = Math.min(side, tall, Math.max(1, Math.round(image.height * scale)));
  return { width, height, at: [0, 0, image.width * scale, image.height * scale] };
}

/**
 * The sanitised SVG as a PNG drawn as `plan` says, at the screen's pixel ratio, and at most
 * RASTER_LIMITS.side pixels a side and RASTER_LIMITS.pngChars characters (base64); null when it cannot be
 * drawn or is over those bounds. Drawn through an <img> (an SVG image runs no script and loads nothing).
 */
export async function rasterise(svgText: string, plan: PicturePlan): Promise<RenderRaster | null> {
  const url = URL.createObjectURL(
    new Blob([withHostFont(svgText, plan.host ?? document.body)], { type: 'image/svg+xml' }),
  );
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    if (!(image.naturalWidth > 0 && image.naturalHeight > 0)) return null;
    const ratio = Math.max(1, devicePixelRatio || 1);
    const { width, height, at } = drawingOf(
      plan,
      { width: image.naturalWidth, height: image.naturalHeight },
      ratio,
    );
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(image, ...at);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) return null;
    const png = await base64Of(blob);
    return png.length <= RASTER_LIMITS.pngChars ? { png, width, height } : null;
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The root's opening tag, after an optional XML declaration and comments. */
const ROOT_TAG = /^(\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*)<svg\b([^>]*)>/;

/**
 * The SVG text with the host's font family and size on its root, unless the root sets them itself:
 * what an inline SVG's unstyled text inherits from the page.
 */
function withHostFont(svgText: string, host: Element): string {
  const style = getComputedStyle(host);
  return addRootFont(svgText, { family: style.fontFamily, size: style.fontSize });
}

/** `addRootFont('<svg …>…', font)`: the font as presentation attributes of the root (not where it has its own). */
export function addRootFont(svgText: string, font: { family: string; size: string }): string {
  const match = ROOT_TAG.exec(svgText);
  if (!match) return svgText;
  const attributes = match[2]!;
  const added = [
    ['font-family', font.family],
    ['font-size', font.size],
  ]
    .filter(([name, value]) => value && !new RegExp(`\\s${name}\\s*=`).test(attributes))
    .map(([name, value]) => ` ${name}="${escapeAttribute(value!)}"`)
    .join('');
  if (!added) return svgText;
  const at = match[1]!.length + '<svg'.length;
  return svgText.slice(0, at) + added + svgText.slice(at);
}

function escapeAttribute(value: string): string {
  return value.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}

async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
