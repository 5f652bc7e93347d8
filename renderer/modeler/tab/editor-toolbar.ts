import { keyWords } from './key-words.ts';
import { html, nothing } from 'lit';
import { t } from '../../i18n/locale-controller.ts';
import {
  actionById,
  type ToolbarActionId,
  type ToolbarGroup,
  type ToolbarState,
} from '../../../shared/domain/editor-actions.ts';
import { ariaKeyShortcuts, shownChord } from '../../../shared/domain/key-chords.ts';
import {
  toolbarLayout,
  type ToolbarButton,
  type ToolbarMenu,
} from '../../../shared/domain/toolbar-layout.ts';
import type { MessageKey } from '../../../shared/i18n/messages-en.ts';
import { icon } from '../../base/icons.ts';
import { buttonLooks, iconOf, menuItemLabels, wordsOf, type ButtonLook } from './toolbar-buttons.ts';
import '../../base/menu-button.ts';

/** The toolbar's buttons: the actions the table (shared/domain/editor-actions.ts) gives a toolbar place. */
type ToolbarAction = ToolbarActionId;

/** The keys the table declares for a button: aria-keyshortcuts and the tooltip's "(Ctrl+S)". */
function shortcutOf(action: ToolbarAction): { aria: string; shown: string } | undefined {
  const chords = actionById(action)?.keys?.chords;
  if (!chords) return undefined;
  return { aria: ariaKeyShortcuts(chords), shown: shownChord(chords[0]!, keyWords()) };
}

/**
 * Runs a toolbar action once the click that asked for it has gone by.
 * bpmn-js closes its search box and popup menus on any click outside them,
 * listening on the document: opened while the click still bubbles, the same
 * click reached that listener and closed them again (the Search button's box
 * vanished and the letters typed next reached the canvas as shortcuts).
 */
function afterTheClick(onAction: (action: ToolbarAction) => void, action: ToolbarAction): void {
  setTimeout(() => onAction(action), 0);
}

/** One button; aria-disabled keeps it focusable (and explained) while unavailable. */
function button(
  entry: ToolbarButton,
  look: ButtonLook,
  state: ToolbarState,
  onAction: (action: ToolbarAction) => void,
): unknown {
  const { id: action, enabled, pressed } = entry;
  const shortcut = shortcutOf(action);
  const label = wordsOf(look.label, state);
  const text = look.text ? wordsOf(look.text, state) : undefined;
  const iconName = iconOf(look, state);
  const classes = ['toolbar-button', look.primary ? 'primary' : '', text ? 'with-text' : '']
    .filter(Boolean)
    .join(' ');
  return html`<button
    type="button"
    class=${classes}
    data-testid="editor-${action}"
    aria-label=${label}
    aria-disabled=${enabled ? 'false' : 'true'}
    aria-pressed=${pressed === undefined ? nothing : String(pressed)}
    aria-keyshortcuts=${shortcut?.aria ?? nothing}
    title=${shortcut ? `${label} (${shortcut.shown})` : label}
    @click=${() => enabled && afterTheClick(onAction, action)}
  >
    ${iconName ? icon(iconName) : nothing}${text ? html`<span class="toolbar-text">${text}</span>` : nothing}
  </button>`;
}

/**
 * The Problems button: a red error count and a yellow warning count, each
 * with its own sign. Its name is its content (hidden words around the
 * visible numbers), so what is read out contains what is seen.
 */
function problemsButton(
  state: ToolbarState,
  { id: action, enabled, pressed }: ToolbarButton,
  onAction: (action: ToolbarAction) => void,
): unknown {
  const { errors, warnings } = state.problemCounts;
  const shortcut = shortcutOf(action)!;
  return html`<button
    type="button"
    class="toolbar-button with-text toolbar-problems"
    data-testid="editor-${action}"
    aria-disabled=${enabled ? 'false' : 'true'}
    aria-pressed=${String(pressed)}
    aria-keyshortcuts=${shortcut.aria}
    title=${`${t('workbench.problems', { errors, warnings })} (${shortcut.shown})`}
    @click=${() => enabled && afterTheClick(onAction, action)}
  >
    <span class="problem-count problem-count-errors" data-testid="editor-problem-errors" data-count=${errors}
      >${icon('lintError')}<span class="visually-hidden">${t('workbench.problems.errors')}</span>${' '}<span
        class="toolbar-text"
        >${errors}</span
      ><span class="visually-hidden">,</span></span
    ><span
      class="problem-count problem-count-warnings"
      data-testid="editor-problem-warnings"
      data-count=${warnings}
      >${icon('problems')}<span class="visually-hidden">${t('workbench.problems.warnings')}</span>${' '}<span
        class="toolbar-text"
        >${warnings}</span
      ></span
    >
  </button>`;
}

/** The Export menu: its items are the actions the table puts in it, in the table's order. */
function exportMenu(menu: ToolbarMenu, onAction: (action: ToolbarAction) => void): unknown {
  const items = menu.items.map((item) => ({ id: item.id, label: t(menuItemLabels[item.id]) }));
  return html`<lanes-menu-button
    .label=${t('workbench.export.label')}
    .iconName=${'export'}
    .testId=${'editor-export'}
    .itemTestIdPrefix=${'editor-'}
    .buttonClass=${'toolbar-button toolbar-menu-button'}
    .items=${items}
    ?disabled=${!menu.enabled}
    @menu-choose=${(event: CustomEvent<string>) => afterTheClick(onAction, event.detail as ToolbarAction)}
  ></lanes-menu-button>`;
}

const GROUP_LABEL: Record<ToolbarGroup, MessageKey> = {
  document: 'workbench.group.document',
  history: 'workbench.group.history',
  arrange: 'workbench.group.arrange',
  view: 'workbench.group.view',
  tools: 'workbench.group.tools',
};

/**
 * The tab's actions as grouped icon buttons (as Camunda Modeler and bpmn.io
 * do): each has a name, a tooltip with its key, and its own Tab stop. Save
 * and Publish keep a short word beside the icon; exports sit in one menu.
 * What stands where, and when it is enabled or pressed, is the action
 * table's (toolbarLayout); how each looks is toolbar-buttons.ts's.
 */
export function renderToolbar(state: ToolbarState, onAction: (action: ToolbarAction) => void): unknown {
  return html`<div class="editor-toolbar" role="toolbar" aria-label=${t('editor.toolbar.label')}>
    ${toolbarLayout(state).map(
      ({ group, entries }) =>
        html`<div class="editor-toolbar-group" role="group" aria-label=${t(GROUP_LABEL[group])}>
          ${entries.map((entry) => {
            if (entry.kind === 'menu') return exportMenu(entry, onAction);
            const look = buttonLooks[entry.id];
            return 'custom' in look
              ? problemsButton(state, entry, onAction)
              : button(entry, look, state, onAction);
          })}
        </div>`,
    )}
  </div>`;
}
