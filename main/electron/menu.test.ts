import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { MenuItemConstructorOptions } from 'electron';
import { eventChannels } from '../../shared/ipc/contract.ts';
import { messagesEn } from '../../shared/i18n/messages-en.ts';
import { messagesDe } from '../../shared/i18n/messages-de.ts';
import type { MenuCommand } from '../../shared/domain/menu-commands.ts';
import { declaredActions } from '../../shared/domain/editor-actions.ts';
import { chordId } from '../../shared/domain/key-chords.ts';
import { translate } from '../../shared/i18n/translate.ts';
import { applicationMenu, macAppMenuItems, type MenuItemDeclaration } from './menu-declaration.ts';
import { acceleratorFor, buildMenuTemplate, visibleItems, type MenuContext } from './menu-template.ts';

const platforms = ['darwin', 'win32', 'linux'] as const;
const declaredItems: MenuItemDeclaration[] = [
  ...applicationMenu.flatMap((menu) => menu.items.filter((entry) => entry !== 'separator')),
  ...macAppMenuItems,
];

function context(overrides: Partial<MenuContext> = {}): MenuContext {
  return {
    platform: 'linux',
    language: 'en',
    development: false,
    tabOpen: true,
    recentFiles: [],
    sendCommand: () => {},
    runAction: () => {},
    openRecent: () => {},
    clearRecent: () => {},
    ...overrides,
  };
}

/** Every item of a built template, depth first. */
function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...flatten((item.submenu as MenuItemConstructorOptions[]) ?? [])]);
}

const find = (template: MenuItemConstructorOptions[], id: string): MenuItemConstructorOptions | undefined =>
  flatten(template).find((item) => item.id === id);

/** One spelling per key combination: CmdOrCtrl resolved for the platform, modifiers sorted, "Plus" as "=". */
function normalize(accelerator: string, platform: string): string {
  const parts = accelerator.split('+').map((part) => (part === '' ? '+' : part));
  const key = parts.pop()!;
  const modifiers = parts
    .map((m) =>
      m === 'CmdOrCtrl' || m === 'CommandOrControl' ? (platform === 'darwin' ? 'Cmd' : 'Ctrl') : m,
    )
    .map((m) => (m === 'Command' ? 'Cmd' : m === 'Control' ? 'Ctrl' : m === 'Option' ? 'Alt' : m))
    .sort();
  return [...modifiers, key === 'Plus' ? '=' : key.toUpperCase()].join('+');
}

test('every menu and item has a label in English and in German', () => {
  for (const key of [
    ...applicationMenu.map((menu) => menu.label),
    ...declaredItems.map((item) => item.label),
  ]) {
    assert.ok(messagesEn[key]?.trim(), `en: ${key}`);
    assert.ok(messagesDe[key]?.trim(), `de: ${key}`);
  }
});

test('each item maps to a menu.command event of the contract, a native role or a main action', () => {
  for (const item of declaredItems) {
    const run = item.run;
    if ('command' in run)
      assert.ok(eventChannels['menu.command'].safeParse({ command: run.command }).success, item.id);
    else
      assert.ok('role' in run || 'action' in run || 'disabledNotice' in run || 'recentFiles' in run, item.id);
  }
  const commands = new Set(
    declaredItems.flatMap((item) => ('command' in item.run ? [item.run.command] : [])),
  );
  assert.deepEqual(
    [...commands].sort(),
    [...eventChannels['menu.command'].shape.command.options].sort(),
    'every command of the contract has a menu item',
  );
});

test('accelerators do not collide on any platform, and none takes a bare key the canvas uses', () => {
  for (const platform of platforms) {
    const seen = new Map<string, string>();
    for (const item of declaredItems) {
      const accelerator = acceleratorFor(item.accelerator, platform);
      if (!accelerator) continue;
      const key = normalize(accelerator, platform);
      assert.ok(!seen.has(key), `${platform}: ${item.id} and ${seen.get(key)} both use ${key}`);
      seen.set(key, item.id);
      assert.match(key, /^(?:(?:Alt|Cmd|Ctrl|Shift)\+)+.|^F\d+$/, `${platform}: ${item.id} has a modifier`);
    }
  }
});

test("accelerators are the editor's own shortcuts, shown but not registered twice where the editor binds the key", () => {
  const expected: Record<string, string> = {
    save: 'CmdOrCtrl+S',
    saveFileAs: 'CmdOrCtrl+Shift+S',
    print: 'CmdOrCtrl+P',
    newDiagram: 'CmdOrCtrl+N',
    openFile: 'CmdOrCtrl+O',
    closeTab: 'CmdOrCtrl+W',
    undo: 'CmdOrCtrl+Z',
    search: 'CmdOrCtrl+F',
    zoomFit: 'CmdOrCtrl+1',
    problems: 'CmdOrCtrl+Shift+M',
    fullScreen: 'CmdOrCtrl+Shift+F',
    shortcuts: 'CmdOrCtrl+/',
    zoomIn: 'CmdOrCtrl+=',
    zoomOut: 'CmdOrCtrl+-',
    zoomReset: 'CmdOrCtrl+0',
    copy: 'CmdOrCtrl+C',
    paste: 'CmdOrCtrl+V',
  };
  const template = buildMenuTemplate(context({ platform: 'win32' }));
  for (const [id, accelerator] of Object.entries(expected)) {
    const item = find(template, id)!;
    assert.equal(item.accelerator, accelerator, id);
    assert.equal(item.registerAccelerator, false, `${id}: the editor handles the key itself`);
  }
  assert.equal(find(template, 'redo')!.accelerator, 'Ctrl+Y');
  assert.equal(find(buildMenuTemplate(context({ platform: 'darwin' })), 'redo')!.accelerator, 'Cmd+Shift+Z');
  assert.equal(
    find(template, 'quit')!.registerAccelerator,
    undefined,
    'a key only the menu binds is registered',
  );
});

test('no chord of the action table is registered by the menu: the page binds it, and a press fires once', () => {
  const tableChords = new Set(
    declaredActions.flatMap((action) => (action.keys?.chords ?? []).map((chord) => chordId(chord))),
  );
  for (const platform of platforms) {
    const template = buildMenuTemplate(context({ platform }));
    for (const item of flatten(template)) {
      if (!item.accelerator || item.registerAccelerator === false) continue;
      const parts = String(item.accelerator).split('+');
      const key = parts.pop()!;
      // macOS's Ctrl+Cmd+F (full screen) is no chord of the table's, whose Ctrl is one of the two.
      if (parts.includes('Ctrl') && parts.includes('Cmd')) continue;
      const chord = [
        parts.some((part) => /^(CmdOrCtrl|Cmd|Ctrl)$/.test(part)) && 'Ctrl',
        parts.includes('Shift') && 'Shift',
        parts.includes('Alt') && 'Alt',
        key,
      ]
        .filter(Boolean)
        .join('+');
      assert.ok(!tableChords.has(chordId(chord)), `${platform}: ${item.id} registers ${item.accelerator}`);
    }
  }
});

test('every editor action with a menu place is an item of its menu, labelled and with its key', () => {
  const template = buildMenuTemplate(context({ platform: 'linux' }));
  for (const action of declaredActions) {
    if (!action.menu) continue;
    const item = find(template, action.id);
    assert.ok(item, `${action.id} is in the menu`);
    assert.equal(item.label, translate('en', action.menu.label));
    if (action.keys) assert.equal(item.registerAccelerator, false, `${action.id}: shown, not registered`);
  }
});

test('Windows and Linux get File…Help with access keys; macOS gets the app menu with About and Quit', () => {
  for (const platform of ['win32', 'linux'] as const) {
    const template = buildMenuTemplate(context({ platform, language: 'de' }));
    assert.deepEqual(
      template.map((menu) => menu.label),
      ['&Datei', '&Bearbeiten', '&Ansicht', '&Fenster', '&Hilfe'],
    );
    assert.equal(find(template, 'quit')!.role, 'quit');
    assert.equal(find(template, 'about')!.label, 'Über Lanes');
    assert.equal(find(template, 'windowZoom'), undefined);
  }
  const mac = buildMenuTemplate(context({ platform: 'darwin' }));
  assert.deepEqual(
    mac.map((menu) => menu.label),
    ['Lanes', 'File', 'Edit', 'View', 'Window', 'Help'],
  );
  const appMenu = (mac[0]!.submenu as MenuItemConstructorOptions[]).map((item) => item.id ?? item.type);
  assert.deepEqual(appMenu, ['about', 'separator', 'hide', 'hideOthers', 'showAll', 'separator', 'quit']);
  const file = (mac[1]!.submenu as MenuItemConstructorOptions[]).map((item) => item.id);
  assert.ok(!file.includes('quit') && !file.includes('about'));
  assert.equal(mac[4]!.role, 'windowMenu');
  assert.ok(find(mac, 'windowZoom'));
});

test('reload and developer tools exist only in development builds', () => {
  for (const platform of platforms) {
    assert.equal(find(buildMenuTemplate(context({ platform })), 'reload'), undefined);
    assert.equal(find(buildMenuTemplate(context({ platform })), 'devTools'), undefined);
    assert.equal(
      find(buildMenuTemplate(context({ platform, development: true })), 'devTools')!.role,
      'toggleDevTools',
    );
  }
  const view = applicationMenu.find((menu) => menu.id === 'view')!;
  const shown = visibleItems(view.items, { platform: 'linux', development: false });
  assert.notEqual(shown.at(-1), 'separator', 'no separator left dangling where the development items were');
});

test('items that act on a diagram are disabled without a tab; the updates notice is never clickable', () => {
  const withoutTab = buildMenuTemplate(context({ tabOpen: false }));
  const withTab = buildMenuTemplate(context({ tabOpen: true }));
  for (const id of [
    'save',
    'saveFileAs',
    'exportSvg',
    'exportPdf',
    'print',
    'closeTab',
    'undo',
    'zoomFit',
    'problems',
  ]) {
    assert.equal(find(withoutTab, id)!.enabled, false, id);
    assert.equal(find(withTab, id)!.enabled, true, id);
  }
  for (const id of ['newDiagram', 'openFile', 'quit', 'about', 'dataFolder'])
    assert.equal(find(withoutTab, id)!.enabled, true, id);
  assert.equal(find(withTab, 'updatesOff')!.enabled, false);
  assert.equal(find(withTab, 'updatesOff')!.label, 'Updates Are Not Configured in This Build');
  assert.equal(find(withTab, 'checkForUpdates'), undefined, 'no check without a feed');
});

test('with an update feed, Help has "Check for Updates…" (a main action) instead of the notice', () => {
  const actions: string[] = [];
  const template = buildMenuTemplate(
    context({ updatesConfigured: true, runAction: (action) => actions.push(action) }),
  );
  assert.equal(find(template, 'updatesOff'), undefined);
  const check = find(template, 'checkForUpdates')!;
  assert.equal(check.enabled, true);
  assert.equal(check.label, 'Check for Updates…');
  (check.click as () => void)();
  assert.deepEqual(actions, ['checkForUpdates']);
  const german = buildMenuTemplate(context({ updatesConfigured: true, language: 'de' }));
  assert.equal(find(german, 'checkForUpdates')!.label, 'Nach Updates suchen …');
});

test('clicking an item sends its command to the renderer or runs its main action', () => {
  const sent: MenuCommand[] = [];
  const actions: string[] = [];
  const template = buildMenuTemplate(
    context({ sendCommand: (command) => sent.push(command), runAction: (action) => actions.push(action) }),
  );
  const click = (id: string): void => (find(template, id)!.click as () => void)();
  click('newDiagram');
  click('zoomFit');
  click('problems');
  click('dataFolder');
  click('showLog');
  assert.deepEqual(sent, ['newDiagram', 'zoomFit', 'problems']);
  assert.deepEqual(actions, ['openDataFolder', 'showLog']);
});

test('File has Export as PDF and Print (Ctrl+P, shown by the menu, bound by the page) after the image exports', () => {
  const template = buildMenuTemplate(context({ platform: 'linux', language: 'de' }));
  const file = (template[0]!.submenu as MenuItemConstructorOptions[]).map((item) => item.id ?? '-');
  assert.deepEqual(file.slice(file.indexOf('exportSvg'), file.indexOf('print') + 1), [
    'exportSvg',
    'exportPng',
    'exportPdf',
    '-',
    'print',
  ]);
  assert.equal(find(template, 'exportPdf')!.label, 'Als PDF exportieren…');
  assert.equal(find(template, 'print')!.label, 'Drucken…');
  assert.equal(find(template, 'print')!.accelerator, 'CmdOrCtrl+P');
  assert.equal(find(template, 'print')!.registerAccelerator, false);
  const sent: MenuCommand[] = [];
  const clicked = buildMenuTemplate(context({ sendCommand: (command) => sent.push(command) }));
  (find(clicked, 'exportPdf')!.click as () => void)();
  (find(clicked, 'print')!.click as () => void)();
  assert.deepEqual(sent, ['exportPdf', 'print']);
});

test('Open Recent lists the recent files by path, missing ones disabled, and clears the list', () => {
  const opened: string[] = [];
  let cleared = 0;
  const recentFiles = [
    { path: '/work/a & b/order.bpmn', name: 'order.bpmn', openedAt: '2026-01-02T00:00:00Z', exists: true },
    { path: '/gone/old.bpmn', name: 'old.bpmn', openedAt: '2026-01-01T00:00:00Z', exists: false },
  ];
  const template = buildMenuTemplate(
    context({
      tabOpen: false,
      recentFiles,
      openRecent: (path) => opened.push(path),
      clearRecent: () => cleared++,
    }),
  );
  const recent = find(template, 'openRecent')!;
  assert.equal(recent.label, 'Open Recent');
  assert.equal(recent.enabled, true, 'needs no tab');
  const items = recent.submenu as MenuItemConstructorOptions[];
  assert.deepEqual(
    items.map((item) => [item.label ?? item.type, item.enabled]),
    [
      ['/work/a && b/order.bpmn', true],
      ['/gone/old.bpmn (missing)', false],
      ['separator', undefined],
      ['Clear Recent', undefined],
    ],
  );
  (items[0]!.click as () => void)();
  (items[3]!.click as () => void)();
  assert.deepEqual(opened, ['/work/a & b/order.bpmn']);
  assert.equal(cleared, 1);
  const empty = find(buildMenuTemplate(context({ language: 'de' })), 'openRecent')!;
  assert.deepEqual(
    (empty.submenu as MenuItemConstructorOptions[]).map((item) => [item.label, item.enabled]),
    [['Keine zuletzt geöffneten Dateien', false]],
  );
});
