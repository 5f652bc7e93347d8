import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Injector } from 'didi';
import EventBus from 'diagram-js/lib/core/EventBus.js';
import CommandModule from 'diagram-js/lib/command/index.js';
import RulesModule from 'diagram-js/lib/features/rules/index.js';
import type CommandStack from 'diagram-js/lib/command/CommandStack.js';
import type Rules from 'diagram-js/lib/features/rules/Rules.js';
import { ReadOnlyCommandStack } from './read-only-command-stack.ts';
import { MODELING_RULES, ReadOnlyRules } from './read-only-rules.ts';
import { ReadOnlyCommandError, ReadOnlyState } from './read-only-state.ts';

/** The DOM-free core of a diagram: event bus, command stack, rules, and the read-only parts. */
function diagramCore(readOnly: boolean) {
  const injector = new Injector([
    { eventBus: ['type', EventBus], config: ['value', {}], 'config.lanesReadOnly': ['value', readOnly] },
    CommandModule,
    RulesModule,
    {
      __init__: ['lanesReadOnlyRules'],
      lanesReadOnly: ['type', ReadOnlyState],
      lanesReadOnlyRules: ['type', ReadOnlyRules],
      commandStack: ['type', ReadOnlyCommandStack],
    },
  ] as never);
  injector.init();
  const commandStack = injector.get<CommandStack>('commandStack');
  const log: string[] = [];
  commandStack.registerHandler(
    'test.rename',
    class {
      execute(context: { name: string }) {
        log.push(context.name);
        return [];
      }
      revert() {
        log.pop();
        return [];
      }
    } as never,
  );
  // Rules are only asked about commands the stack knows.
  for (const action of MODELING_RULES) commandStack.registerHandler(action, class {} as never);
  return {
    commandStack,
    rules: injector.get<Rules>('rules'),
    state: injector.get<ReadOnlyState>('lanesReadOnly'),
    log,
  };
}

test('read-only denies every modeling rule, above any rule that would allow it', () => {
  const { rules } = diagramCore(true);
  for (const action of MODELING_RULES) assert.equal(rules.allowed(action, {}), false, action);
});

test('a command is refused with a clear error while read-only, and the stack stays usable', () => {
  const { commandStack, state, log } = diagramCore(true);
  assert.throws(
    () => commandStack.execute('test.rename', { name: 'A' }),
    (error: unknown) =>
      error instanceof ReadOnlyCommandError && /read-only.*test\.rename/.test(error.message),
  );
  assert.deepEqual(log, []);
  assert.equal(commandStack.canUndo(), false);

  state.set(false);
  commandStack.execute('test.rename', { name: 'B' });
  assert.deepEqual(log, ['B']);
  assert.equal(commandStack.canUndo(), true);
});

test('switching back to read-only refuses rules and commands again, redo included', () => {
  const { commandStack, rules, state, log } = diagramCore(false);
  assert.equal(rules.allowed('shape.create', {}), true);
  commandStack.execute('test.rename', { name: 'A' });
  commandStack.undo();
  state.set(true);
  assert.equal(rules.allowed('shape.create', {}), false);
  assert.throws(() => commandStack.execute('test.rename', { name: 'B' }), ReadOnlyCommandError);
  assert.throws(() => commandStack.redo(), ReadOnlyCommandError);
  assert.throws(() => commandStack.undo(), ReadOnlyCommandError);
  assert.deepEqual(log, []);
});

test('a refused command leaves no open execution: the next edit still reports a change', () => {
  const { commandStack, state } = diagramCore(true);
  assert.throws(() => commandStack.execute('test.rename', { name: 'A' }), ReadOnlyCommandError);
  state.set(false);
  const changes: string[] = [];
  const eventBus = (commandStack as unknown as { _eventBus: EventBus })._eventBus;
  eventBus.on('commandStack.changed', (event: { trigger: string }) => changes.push(event.trigger));
  commandStack.execute('test.rename', { name: 'B' });
  assert.deepEqual(changes, ['execute'], 'dirty tracking hears about the edit');
});
