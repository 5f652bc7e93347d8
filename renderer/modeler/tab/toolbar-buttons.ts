/**
 * How each toolbar action looks: its icon, its name and tooltip, the words
 * shown beside the icon, whether it is the primary button. Keyed by the
 * action table's ids (shared/domain/editor-actions.ts), which says where each
 * stands and when it is enabled or pressed; TypeScript makes both records
 * exhaustive, so an action given a toolbar place needs its look here.
 */
import type {
  ToolbarButtonId,
  ToolbarMenuItemId,
  ToolbarState,
} from '../../../shared/domain/editor-actions.ts';
import type { MessageKey } from '../../../shared/i18n/messages-en.ts';
import type { IconName } from '../../base/icons.ts';
import { t } from '../../i18n/locale-controller.ts';
import { READABLE_ZOOM } from '../../base/readable-zoom.ts';

/** A fixed value, or one that follows the tab (Save's name on a file tab, the zoom level). */
type Varies<T> = T | ((state: ToolbarState) => T);

export interface ButtonLook {
  /** None: the words alone (the zoom level). */
  icon?: Varies<IconName>;
  /** The accessible name and the tooltip's text (the tooltip adds the shortcut): a message, or words that follow the tab. */
  label: Words;
  /** Shown beside the icon (Save, Publish, the zoom level); none: the icon alone. */
  text?: Words;
  primary?: true;
}

/** A message key, or the words themselves where they follow the tab. */
type Words = MessageKey | ((state: ToolbarState) => string);

/** Drawn by its own renderer in editor-toolbar.ts (the Problems counter, red and yellow counts). */
interface CustomLook {
  custom: 'problems';
}

const percent = (state: ToolbarState): number => Math.round(state.zoom * 100);

export const buttonLooks: Record<ToolbarButtonId, ButtonLook | CustomLook> = {
  save: {
    icon: 'save',
    label: (state) => t(state.kind === 'process' ? 'editor.toolbar.save' : 'editor.toolbar.saveFile'),
    text: 'editor.toolbar.saveFile',
  },
  saveAsDraft: { icon: 'publish', label: 'editor.toolbar.saveAsDraft' },
  publish: {
    icon: 'publish',
    label: (state) => t(state.resolving ? 'editor.toolbar.publishResolution' : 'editor.toolbar.publish'),
    // The word stays short; the name says "as resolution" when it is one (the banner says why).
    text: 'editor.toolbar.publish',
    primary: true,
  },
  undo: { icon: 'undo', label: 'editor.toolbar.undo' },
  redo: { icon: 'redo', label: 'editor.toolbar.redo' },
  search: { icon: 'search', label: 'editor.toolbar.search' },
  alignLeft: { icon: 'alignLeft', label: 'editor.toolbar.alignLeft' },
  alignCenter: { icon: 'alignCenter', label: 'editor.toolbar.alignCenter' },
  alignTop: { icon: 'alignTop', label: 'editor.toolbar.alignTop' },
  distributeHorizontally: {
    icon: 'distributeHorizontally',
    label: 'editor.toolbar.distributeHorizontally',
  },
  distributeVertically: { icon: 'distributeVertically', label: 'editor.toolbar.distributeVertically' },
  zoomIn: { icon: 'zoomIn', label: 'workbench.zoomIn' },
  zoomOut: { icon: 'zoomOut', label: 'workbench.zoomOut' },
  zoomReset: {
    label: (state) => t('workbench.zoomReset', { percent: percent(state) }),
    text: (state) => t('workbench.zoomLevel', { percent: percent(state) }),
  },
  // Its words say what it will do: all of the diagram, or as much as can be read and how small
  // all of it would be (Whole diagram, Ctrl+2, the View menu).
  zoomFit: {
    icon: 'fit',
    label: (state) =>
      state.wholeReadable
        ? t('canvasView.fit.whole', { percent: Math.round(state.wholeZoom * 100) })
        : t('canvasView.fit.readable', {
            percent: Math.round(READABLE_ZOOM * 100),
            whole: Math.round(state.wholeZoom * 100),
          }),
  },
  grid: { icon: 'grid', label: 'workbench.grid' },
  minimap: { icon: 'minimap', label: 'editor.toolbar.minimap' },
  problems: { custom: 'problems' },
  propertiesPanel: { icon: 'propertiesPanel', label: 'workbench.propertiesPanel' },
  fullScreen: {
    icon: (state) => (state.fullScreen ? 'exitFullScreen' : 'fullScreen'),
    label: 'workbench.fullScreen',
  },
  compare: { icon: 'compare', label: 'editor.toolbar.compare' },
  translate: { icon: 'translate', label: 'editor.toolbar.translate' },
  shortcuts: { icon: 'shortcuts', label: 'editor.toolbar.shortcuts' },
};

/** The Export menu's items' words. */
export const menuItemLabels: Record<ToolbarMenuItemId, MessageKey> = {
  exportSvg: 'workbench.export.svg',
  exportPng: 'workbench.export.png',
  exportPdf: 'workbench.export.pdf',
  print: 'workbench.export.print',
  saveFileAs: 'editor.toolbar.saveFileAs',
};

export function iconOf(look: ButtonLook, state: ToolbarState): IconName | undefined {
  return typeof look.icon === 'function' ? look.icon(state) : look.icon;
}

export function wordsOf(words: Words, state: ToolbarState): string {
  return typeof words === 'function' ? words(state) : t(words);
}
