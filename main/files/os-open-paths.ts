import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The .bpmn files named on a command line (`lanes diagram.bpmn`, a double
 * click, a second launch), made absolute against the folder it ran in.
 * Flags, the app's own folder (`electron .`) and other files are not diagrams.
 */
export function bpmnPathsFromArgv(argv: readonly string[], cwd: string): string[] {
  return argv
    .filter((arg) => !arg.startsWith('-'))
    .map(localPath)
    .filter((path): path is string => path !== undefined && /\.bpmn$/i.test(path))
    .map((path) => resolve(cwd, path));
}

/**
 * Linux desktop entries pass `%U`, so a file manager may name the file as a
 * `file://` URI (spaces as %20); anything else with a scheme is no local file.
 */
function localPath(arg: string): string | undefined {
  if (!/^[a-z][a-z0-9+.-]+:/i.test(arg)) return arg;
  if (!/^file:/i.test(arg)) return undefined;
  try {
    return fileURLToPath(arg);
  } catch {
    // A file URI for another host (file://server/…) or a malformed one.
    return undefined;
  }
}
