#!/usr/bin/env node
// The `lanes` command. Node 24 runs the TypeScript sources directly; on an older
// Node the preflight explains that in one sentence, so the TypeScript is only
// imported (dynamically) after it has passed.
await import('../scripts/require-node.mjs');
const { runLanes } = await import('../main/cli/lanes.ts');

// `lanes … | head` closes the pipe early; that is not an error worth a stack trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const code = await runLanes({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
process.exitCode = code;
