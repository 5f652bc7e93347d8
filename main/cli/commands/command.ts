import type { ParseArgsOptionsConfig } from 'node:util';
import type { CommandContext } from '../context.ts';
import { UsageError } from '../cli-error.ts';

export type OptionValues = Record<string, string | boolean | string[] | undefined>;

export interface Command {
  /** One or two words, e.g. "ls" or "bpmn export". */
  name: string;
  args: string;
  summary: string;
  options?: ParseArgsOptionsConfig;
  run(ctx: CommandContext, positionals: string[], values: OptionValues): Promise<void>;
}

/** The positionals a command needs, by name, or a usage error naming the missing one. */
export function requireArgs(command: Command, positionals: string[], names: string[]): string[] {
  if (positionals.length < names.length) {
    throw new UsageError(
      `"lanes ${command.name}" needs ${names[positionals.length]}.`,
      `Usage: lanes ${command.name} ${command.args}`,
    );
  }
  return positionals.slice(0, names.length);
}

export function intOption(values: OptionValues, name: string): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new UsageError(`--${name} must be a whole number, not "${String(raw)}".`);
  return value;
}

export function stringOption(values: OptionValues, name: string): string | undefined {
  const raw = values[name];
  return typeof raw === 'string' ? raw : undefined;
}
