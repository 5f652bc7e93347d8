import { readFile, rename, writeFile, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { LocalError } from '../cli-error.ts';
import type { CommandContext } from '../context.ts';

/** Writes to FILE atomically (temporary file, then rename), or to stdout without one. */
export async function writeOutputFile(
  ctx: CommandContext,
  file: string | undefined,
  text: string,
): Promise<void> {
  if (!file) {
    ctx.out.write(text.endsWith('\n') ? text : text + '\n');
    return;
  }
  const temp = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, text, { flush: true });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => {});
    const code = (error as NodeJS.ErrnoException).code;
    throw new LocalError(
      `Cannot write ${file}${code === 'ENOSPC' ? ': the disk is full' : code ? ` (${code})` : ''}.`,
      code === 'ENOSPC'
        ? 'Free some space and run the command again; nothing was changed.'
        : 'Check the folder exists and is writable.',
    );
  }
}

export async function readInputFile(file: string, what: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new LocalError(
      `Cannot read ${what} ${file}${code === 'ENOENT' ? ': no such file' : code ? ` (${code})` : ''}.`,
      'Check the path.',
    );
  }
  if (text.trim().length === 0) throw new LocalError(`${file} is empty.`, `Give a file that holds ${what}.`);
  return text;
}
