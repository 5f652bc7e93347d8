import { test } from 'node:test';
import assert from 'node:assert/strict';
import { declaredActions, toolbarGroups, type ToolbarState } from './editor-actions.ts';
import { toolbarLayout, toolbarOrder, type ToolbarGroupLayout } from './toolbar-layout.ts';
import { readyToolbarState } from './toolbar-layout.test-support.ts';

const ready = readyToolbarState;

/** The toolbar's entries in the order they are drawn: a button's id, or each of a menu's items. */
const drawn = (layout: ToolbarGroupLayout[]): string[] =>
  layout.flatMap(({ entries }) =>
    entries.flatMap((entry) => (entry.kind === 'menu' ? entry.items.map((item) => item.id) : [entry.id])),
  );
const entry = (layout: ToolbarGroupLayout[], id: string) =>
  layout
    .flatMap(({ entries }) => entries)
    .find((candidate) => candidate.kind === 'button' && candidate.id === id);

test('every action with a toolbar place is drawn once, in its group, in the table order', () => {
  const placed = declaredActions.filter((action) => action.toolbar);
  for (const kind of ['process', 'file'] as const) {
    const layout = toolbarLayout({ ...ready, kind });
    const ids = drawn(layout);
    const expected = placed.filter((action) => !action.toolbar!.only || action.toolbar!.only === kind);
    assert.deepEqual(
      [...ids].sort(),
      expected.map((action) => action.id).sort(),
      `${kind}: every action drawn once`,
    );
    // Groups in their declared order, each action in the group the table names.
    assert.deepEqual(
      layout.map(({ group }) => group),
      toolbarGroups.filter((group) => expected.some((action) => action.toolbar!.group === group)),
    );
    for (const { group, entries } of layout)
      for (const id of drawn([{ group, entries }]))
        assert.equal(
          declaredActions.find((action) => action.id === id)!.toolbar!.group,
          group,
          `${id} in ${group}`,
        );
    // Within a group, the table's order, except where an action says it stands after another.
    const tableIndex = (id: string) => placed.findIndex((action) => action.id === id);
    const unmoved = ids.filter((id) => !placed[tableIndex(id)]!.toolbar!.after);
    for (const { group } of layout) {
      const inGroup = unmoved.filter((id) => placed[tableIndex(id)]!.toolbar!.group === group);
      assert.deepEqual(
        inGroup,
        [...inGroup].sort((a, b) => tableIndex(a) - tableIndex(b)),
        `${group} in table order`,
      );
    }
    for (const action of placed.filter((candidate) => candidate.toolbar!.after && ids.includes(candidate.id)))
      assert.equal(
        ids[ids.indexOf(action.id) - 1],
        action.toolbar!.after,
        `${action.id} right after its anchor`,
      );
  }
});

test('the toolbar reads as it always has: Save, Publish, Export; − 100 % +; Problems beside Find', () => {
  assert.deepEqual(drawn(toolbarLayout(ready)), [
    'save',
    'publish',
    'exportSvg',
    'exportPng',
    'exportPdf',
    'print',
    'saveFileAs',
    'undo',
    'redo',
    'alignLeft',
    'alignCenter',
    'alignTop',
    'distributeHorizontally',
    'distributeVertically',
    'zoomOut',
    'zoomReset',
    'zoomIn',
    'zoomFit',
    'grid',
    'minimap',
    'fullScreen',
    'search',
    'problems',
    'propertiesPanel',
    'compare',
    'translate',
    'shortcuts',
  ]);
  const file = toolbarLayout({ ...ready, kind: 'file' });
  assert.deepEqual(
    file[0]!.entries.map((one) => (one.kind === 'menu' ? one.menu : one.id)),
    ['save', 'saveAsDraft', 'export'],
    'a file tab saves as a draft of a process instead of publishing; the Export menu stands after it',
  );
  assert.ok(!drawn(file).includes('compare') && !drawn(file).includes('translate'));
  // A moved action names an action of its own group (toolbarOrder throws otherwise).
  assert.equal(toolbarOrder().length, declaredActions.filter((action) => action.toolbar).length);
});

test('enabled and pressed follow the tab: read-only, busy, not loaded, history, toggles', () => {
  const enabled = (state: ToolbarState, id: string) => {
    const found = entry(toolbarLayout(state), id);
    assert.ok(found && found.kind === 'button', id);
    return found.enabled;
  };
  for (const id of ['save', 'publish', 'undo', 'alignLeft', 'zoomIn', 'search', 'problems', 'fullScreen'])
    assert.equal(enabled(ready, id), true, `${id} on a ready, editable tab`);
  const readOnly = { ...ready, readOnly: true };
  for (const id of ['save', 'publish', 'undo', 'redo', 'alignTop'])
    assert.equal(enabled(readOnly, id), false, id);
  for (const id of ['zoomOut', 'grid', 'search', 'problems']) assert.equal(enabled(readOnly, id), true, id);
  for (const state of [
    { ...ready, busy: true },
    { ...ready, ready: false },
  ]) {
    for (const id of ['save', 'zoomIn', 'minimap', 'search', 'problems'])
      assert.equal(enabled(state, id), false, id);
    for (const id of ['fullScreen', 'propertiesPanel', 'compare', 'translate', 'shortcuts'])
      assert.equal(enabled(state, id), true, `${id} needs no diagram`);
    const menu = toolbarLayout(state)[0]!.entries.find((one) => one.kind === 'menu');
    assert.equal(menu?.enabled, false, 'Export waits for the diagram');
  }
  assert.equal(enabled({ ...ready, canUndo: false }, 'undo'), false);
  assert.equal(enabled({ ...ready, canUndo: false }, 'redo'), true);
  assert.equal(enabled({ ...ready, canRedo: false }, 'redo'), false);
  assert.equal(enabled({ ...ready, kind: 'file', readOnly: true }, 'saveAsDraft'), true);

  const pressed = (state: ToolbarState, id: string) => {
    const found = entry(toolbarLayout(state), id);
    return found?.kind === 'button' ? found.pressed : 'absent';
  };
  assert.equal(pressed(ready, 'grid'), true);
  assert.equal(pressed({ ...ready, gridVisible: false }, 'grid'), false);
  assert.equal(pressed({ ...ready, minimapOpen: true }, 'minimap'), true);
  assert.equal(pressed({ ...ready, problemsOpen: true }, 'problems'), true);
  assert.equal(pressed({ ...ready, fullScreen: true }, 'fullScreen'), true);
  assert.equal(pressed({ ...ready, propertiesOpen: false }, 'propertiesPanel'), false);
  assert.equal(pressed(ready, 'save'), undefined, 'Save is no toggle');
});
