import { resolve } from 'node:path';

/**
 * The .bpmn files named on a command line (`lanes diagram.bpmn`, a double
 * click, a second launch), made absolute against the folder it ran in.
 * Flags, the app's own folder (`electron .`) and other files are not diagrams.
 */
export function bpmnPathsFromArgv(argv: readonly string[], cwd: string): string[] {
  return argv.filter((arg) => !arg.startsWith('-') && /\.bpmn$/i.test(arg)).map((arg) => resolve(cwd, arg));
}
