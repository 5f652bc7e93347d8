import type { LanesClient } from '../../bridge/lanes-client.ts';
import { exportFileName } from '../../base/file-names.ts';
import type { DiagramSession } from './diagram-session.ts';

/** Exports the diagram as SVG or PNG where the user picks; the path written, or null when cancelled. */
export async function exportDiagramImage(
  client: LanesClient,
  session: DiagramSession,
  diagramName: string,
  format: 'svg' | 'png',
): Promise<string | null> {
  const svg = await session.svg();
  const data = format === 'svg' ? svg : await svgToPngBase64(svg);
  const saved = await client.request('files.exportImage', {
    format,
    data,
    suggestedName: exportFileName(diagramName, format),
  });
  return saved?.path ?? null;
}

/**
 * PNG from the Modeler's SVG: drawn into a canvas through an <img> loaded
 * from a blob: URL (the CSP allows blob: images; nothing in it runs).
 */
async function svgToPngBase64(svgText: string, scale = 2): Promise<string> {
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.ceil(image.naturalWidth * scale));
    canvas.height = Math.max(1, Math.ceil(image.naturalHeight * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This window cannot draw images (no 2D canvas).');
    // Diagrams are drawn on white paper; a transparent PNG reads badly in most viewers.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const dataUrl = canvas.toDataURL('image/png');
    return dataUrl.slice(dataUrl.indexOf(',') + 1);
  } finally {
    URL.revokeObjectURL(url);
  }
}
