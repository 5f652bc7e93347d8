import { test } from 'node:test';
import assert from 'node:assert/strict';
import { declaredActions, sheetSections } from './editor-actions.ts';
import {
  ariaKeyShortcuts,
  chordId,
  lanesActionForKey,
  menuAccelerator,
  sheetRows,
  shownChord,
  type KeyPress,
} from './key-chords.ts';
import { menuCommands } from './menu-commands.ts';
import { messagesDe } from '../i18n/messages-de.ts';
import { messagesEn } from '../i18n/messages-en.ts';

const withKeys = declaredActions.filter((action) => action.keys);

/** A keydown for a chord as a person presses it (Ctrl on Windows/Linux, or ⌘ on macOS). */
function press(chord: string, meta = false): KeyPress {
  const parts = chord.split('+');
  const last = parts.pop()!;
  const ctrl = parts.includes('Ctrl');
  return {
    key: last === 'Plus' ? '+' : last.length === 1 && parts.includes('Shift') ? last.toUpperCase() : last,
    ctrlKey: ctrl && !meta,
    metaKey: ctrl && meta,
    shiftKey: parts.includes('Shift'),
    altKey: parts.includes('Alt'),
  };
}

test('ids are unique and every label an action names exists in English and German', () => {
  assert.equal(new Set(declaredActions.map((action) => action.id)).size, declaredActions.length);
  for (const action of declaredActions)
    for (const key of [action.label, action.menu?.label].filter((key) => key !== undefined)) {
      assert.ok(messagesEn[key]?.trim(), `en: ${key}`);
      assert.ok(messagesDe[key]?.trim(), `de: ${key}`);
    }
});

test('no two actions share a chord, and none declares a chord twice', () => {
  const seen = new Map<string, string>();
  for (const action of withKeys)
    for (const chord of action.keys!.chords) {
      const id = chordId(chord);
      assert.ok(!seen.has(id), `${action.id} and ${seen.get(id)} both use ${chord}`);
      seen.set(id, action.id);
    }
});

test('the shortcuts sheet lists every declared key once, grouped, each with a label', () => {
  const listed = sheetSections.flatMap((section) => sheetRows(section));
  for (const action of withKeys) {
    assert.ok(action.label, `${action.id} has keys and so a label for the sheet`);
    const rows = listed.filter((row) => row.id === action.id);
    assert.equal(rows.length, 1, `${action.id} is on the sheet once`);
    assert.deepEqual(rows[0]!.chords, action.keys!.chords, `${action.id}: every chord is shown`);
  }
  assert.equal(listed.length, withKeys.length);
  // The keys the hand-kept sheet used to miss.
  const chords = new Set(listed.flatMap((row) => row.chords));
  for (const chord of [
    'Ctrl+P',
    'Ctrl+Shift+S',
    'Ctrl+Shift+M',
    'Ctrl+/',
    'Ctrl+W',
    'Ctrl+Tab',
    'Ctrl+Shift+T',
    'Ctrl+N',
  ])
    assert.ok(chords.has(chord), `the sheet lists ${chord}`);
  for (const section of sheetSections) assert.ok(sheetRows(section).length > 0, `${section} has rows`);
});

test('the keyboard handler runs exactly the Lanes-bound chords, with Ctrl or ⌘, and leaves bpmn-js its own', () => {
  for (const action of withKeys)
    for (const chord of action.keys!.chords)
      for (const meta of [false, true]) {
        const found = lanesActionForKey(press(chord, meta));
        if (action.keys!.boundBy === 'lanes')
          assert.equal(found?.id, action.id, `${chord} runs ${action.id}`);
        else assert.equal(found, undefined, `${chord} is bpmn-js's: Lanes does not bind it again`);
      }
  // Shift is part of the chord for letters, not for punctuation ("/" is Shift+7 on a German keyboard).
  assert.equal(lanesActionForKey({ ...press('Ctrl+/'), shiftKey: true })?.id, 'shortcuts');
  assert.equal(
    lanesActionForKey(press('Ctrl+Shift+W')),
    undefined,
    'Ctrl+Shift+W closes the window (the menu)',
  );
  assert.equal(lanesActionForKey(press('Ctrl+Alt+S')), undefined);
  assert.equal(lanesActionForKey(press('S')), undefined, 'a bare S is the canvas space tool');
  assert.equal(lanesActionForKey(press('Ctrl+Shift+Tab'))?.id, 'previousTab');
  assert.equal(lanesActionForKey(press('Ctrl+Tab'))?.id, 'nextTab');
  assert.equal(lanesActionForKey(press('Ctrl+N'))?.anywhere, true, 'New works from every screen');
  assert.equal(lanesActionForKey(press('Ctrl+W'))?.anywhere, false);
});

test('the menu, the toolbar and the sheet spell a chord each their own way, from the one declaration', () => {
  const byId = (id: string) => declaredActions.find((action) => action.id === id)!;
  assert.equal(menuAccelerator(byId('save')), 'CmdOrCtrl+S');
  assert.equal(menuAccelerator(byId('zoomIn')), 'CmdOrCtrl+=');
  assert.deepEqual(menuAccelerator(byId('redo')), { mac: 'Cmd+Shift+Z', other: 'Ctrl+Y' });
  assert.equal(menuAccelerator(byId('grid')), undefined);
  assert.equal(ariaKeyShortcuts(byId('zoomIn').keys!.chords), 'Control+Plus Control+=');
  assert.equal(ariaKeyShortcuts(byId('problems').keys!.chords), 'Control+Shift+M');
  assert.equal(shownChord('Ctrl+Shift+M', { ctrl: 'Strg', shift: 'Umschalt' }), 'Strg+Umschalt+M');
  assert.equal(shownChord('Ctrl+-', { ctrl: 'Ctrl/⌘', shift: 'Shift' }, ' + '), 'Ctrl/⌘ + −');
  for (const action of declaredActions) {
    const chosen = action.menu?.chord;
    const chords: readonly string[] = action.keys?.chords ?? [];
    for (const chord of typeof chosen === 'object' ? [chosen.mac, chosen.other] : chosen ? [chosen] : [])
      assert.ok(chords.includes(chord), `${action.id}: the menu shows one of its own chords (${chord})`);
  }
});

test('the menu commands are the actions with a menu place, and About', () => {
  const withMenu = declaredActions.filter((action) => action.menu).map((action) => action.id);
  assert.deepEqual([...menuCommands].sort(), [...withMenu, 'showAbout'].sort());
});
