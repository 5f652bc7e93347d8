import { test } from 'node:test';
import assert from 'node:assert/strict';
import { menuCommands } from '../../../shared/domain/menu-commands.ts';
import { toolbarActionFor } from './menu-commands.ts';

/** What the shell (About) and the workspace (tabs, files) handle before a tab is asked. */
const handledAbove = new Set(['showAbout', 'newDiagram', 'openFile', 'closeTab']);

test('every menu command a tab receives runs a toolbar action: the menu and the buttons do the same', () => {
  for (const command of menuCommands) {
    if (handledAbove.has(command)) continue;
    assert.ok(toolbarActionFor(command), `${command} has a toolbar action`);
  }
  assert.equal(toolbarActionFor('toggleGrid'), 'grid');
  assert.equal(toolbarActionFor('togglePropertiesPanel'), 'propertiesPanel');
  assert.equal(toolbarActionFor('toggleCanvasFullScreen'), 'fullScreen');
  assert.equal(toolbarActionFor('zoomFit'), 'zoomFit');
});
