import type { Command } from './command.ts';

/** Commands contributed by other modules (data push, sync) register here. */
export const extraCommands: Command[] = [];
