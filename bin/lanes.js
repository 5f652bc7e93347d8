#!/usr/bin/env node
// The `lanes` command. Node 24 runs the TypeScript sources directly.
import { runLanes } from '../main/cli/lanes.ts';

const code = await runLanes({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
process.exitCode = code;
