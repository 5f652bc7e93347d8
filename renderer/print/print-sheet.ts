/**
 * The page as it is printed: a sheet with the header and the diagram, put
 * into the document only while printing. `print.css` hides everything else
 * under @media print; the paper size and the sheet's box are set through
 * CSSOM (the CSP allows no inline styles). The diagram is an <img> of the
 * SVG from a blob: URL: nothing in it runs, and Chromium prints it as vectors.
 */
import { sheetMm } from '../../shared/domain/paper.ts';
import type { PrintRequest } from '../../shared/domain/print.ts';
import { t, uiLanguage } from '../i18n/locale-controller.ts';
import type { PrintHeader } from './print-header.ts';
import './print.css';

export interface PrintLayout extends PrintRequest {
  /** Scale the diagram to fill the page; off: its own size (large diagrams run over several pages). */
  fit: boolean;
}

/** Margin of the printed page, on every side. */
const PAGE_MARGIN_MM = 10;

const pageRules = new CSSStyleSheet();

function headerElement(header: PrintHeader): HTMLElement {
  const element = document.createElement('header');
  element.className = 'print-header';
  const title = document.createElement('h1');
  title.textContent = header.name;
  element.append(title);
  const facts = document.createElement('dl');
  const add = (label: string, value: string): void => {
    const row = document.createElement('div');
    const term = document.createElement('dt');
    term.textContent = label;
    const detail = document.createElement('dd');
    detail.textContent = value;
    row.append(term, detail);
    facts.append(row);
  };
  if (header.state) add(t('print.header.state'), header.state);
  if (header.version) add(t('print.header.version'), header.version);
  for (const attribute of header.attributes) add(attribute.label, attribute.value);
  if (facts.childElementCount > 0) element.append(facts);
  const printed = document.createElement('p');
  printed.className = 'print-date';
  printed.textContent = t('print.header.printedOn', {
    date: new Intl.DateTimeFormat(uiLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(),
    ),
  });
  element.append(printed);
  return element;
}

/**
 * Puts the sheet in place and waits until the diagram is decoded, so the
 * printer sees it drawn. Call the returned function when printing is over.
 */
export async function preparePrintSheet(
  svg: string,
  header: PrintHeader,
  layout: PrintLayout,
): Promise<() => void> {
  const { width, height } = sheetMm(layout);
  const orientation = layout.landscape ? 'landscape' : 'portrait';
  pageRules.replaceSync(`@page { size: ${layout.pageSize} ${orientation}; margin: ${PAGE_MARGIN_MM}mm; }`);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets.filter((s) => s !== pageRules), pageRules];

  const sheet = document.createElement('div');
  sheet.className = 'print-sheet';
  sheet.dataset['testid'] = 'print-sheet';
  sheet.dataset['fit'] = String(layout.fit);
  // Exactly one page's printable box (a hair less, so rounding never spills a blank second page).
  sheet.style.setProperty('width', `${width - 2 * PAGE_MARGIN_MM}mm`);
  if (layout.fit) sheet.style.setProperty('height', `${height - 2 * PAGE_MARGIN_MM - 1}mm`);
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  const image = new Image();
  image.className = 'print-diagram';
  image.alt = header.name;
  image.src = url;
  const frame = document.createElement('div');
  frame.className = 'print-diagram-frame';
  frame.append(image);
  sheet.append(headerElement(header), frame);
  document.body.append(sheet);
  document.body.classList.add('lanes-printing');
  const cleanup = (): void => {
    sheet.remove();
    URL.revokeObjectURL(url);
    document.body.classList.remove('lanes-printing');
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== pageRules);
  };
  try {
    await image.decode();
  } catch (error) {
    cleanup();
    throw error;
  }
  return cleanup;
}
