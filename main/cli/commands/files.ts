import { readFile } from 'node:fs/promises';
import { writeFileAtomically } from '../../base/atomic-write.ts';
import { decodeXml, UnsupportedEncodingError } from '../../files/xml-decoding.ts';
import { LocalError } from '../cli-error.ts';
import type { CommandContext } from '../context.ts';

/**
 * Writes to FILE through the one durable write, or to stdout without one.
 * Output holds tenant data (diagrams, exports), so the file is 0600.
 */
export async function writeOutputFile(
  ctx: CommandContext,
  file: string | undefined,
  text: string,
): Promise<void> {
  if (!file) {
    ctx.out.write(text.endsWith('\n') ? text : text + '\n');
    return;
  }
  try {
    writeFileAtomically(file, text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new LocalError(
      `Cannot write ${file}${code === 'ENOSPC' ? ': the disk is full' : code ? ` (${code})` : ''}.`,
      code === 'ENOSPC'
        ? 'Free some space and run the command again; nothing was changed.'
        : 'Check the folder exists and is writable.',
    );
  }
}

async function readBytes(file: string, what: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new LocalError(
      `Cannot read ${what} ${file}${code === 'ENOENT' ? ': no such file' : code ? ` (${code})` : ''}.`,
      'Check the path.',
    );
  }
}

function nonEmpty(text: string, file: string, what: string): string {
  if (text.trim().length === 0) throw new LocalError(`${file} is empty.`, `Give a file that holds ${what}.`);
  return text;
}

export async function readInputFile(file: string, what: string): Promise<string> {
  return nonEmpty((await readBytes(file, what)).toString('utf8'), file, what);
}

/**
 * A .bpmn file, decoded as the desktop app decodes it (BOM, XML declaration,
 * else UTF-8; see main/files/xml-decoding.ts): what is sent or stored is
 * UTF-8 text that says so. A conversion is mentioned once on stderr.
 */
export async function readBpmnInputFile(ctx: CommandContext, file: string): Promise<string> {
  const bytes = await readBytes(file, 'a BPMN file');
  let decoded;
  try {
    decoded = decodeXml(bytes);
  } catch (error) {
    if (!(error instanceof UnsupportedEncodingError)) throw error;
    throw new LocalError(
      `${file} is written in the encoding "${error.encoding}", which Lanes cannot read.`,
      'Save it as UTF-8 in the program that made it (or in a text editor), then run the command again.',
    );
  }
  if (decoded.conversion !== null)
    ctx.notify(`lanes: read ${file} as ${decoded.readAs}; using it as UTF-8\n`);
  return nonEmpty(decoded.text, file, 'a BPMN file');
}
