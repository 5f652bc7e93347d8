/**
 * `npm run emulator -- [flags]`. Prints exactly one JSON line on stdout when
 * ready (the client config); everything else goes to stderr.
 */
import { parseArgs } from 'node:util';
import type { FaultRule } from './faults.ts';
import { startEmulator } from './index.ts';
import { parseSeed } from './seed/index.ts';
import { createStderrLogger } from './util/logger.ts';

const USAGE = `Usage: npm run emulator -- [options]
  --port N                 port (0 = any free port; default 0)
  --host H                 interface to bind (default 127.0.0.1)
  --data FILE              keep state in this SQLite file (default: in memory)
  --seed demo|empty|N      initial data for a new database (default demo)
  --no-svg-script          rendered SVG without the embedded <script>
  --fault JSON             a fault rule, e.g. '{"route":"*/elements*","failRate":0.2,"status":503}' (repeatable)
  --fault-seed N           PRNG seed for fault decisions
  --latency MS             shorthand: add MS of latency to every route
  --fail-rate F            shorthand: fail fraction F of all responses (with --fail-status, default 503)
  --fail-status S
  --execute-rate-second N  data push execute limit per second (default 10)
  --execute-rate-hour N    data push execute limit per UTC hour (default 250)
  --job-step-ms MS         delay between data push job states (default 100)
  --data-push-prefix P     extra data push path prefix (repeatable)
  --verbose                log every request to stderr
  --exit-with-stdin        stop when stdin closes (a parent that dies takes the emulator with it)
  --exit-with-parent PID   stop when process PID is gone (for parents without a stdin pipe: Electron's utility process)
  --help`;

function num(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got "${value}"`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      seed: { type: 'string' },
      'no-svg-script': { type: 'boolean' },
      fault: { type: 'string', multiple: true },
      'fault-seed': { type: 'string' },
      latency: { type: 'string' },
      'fail-rate': { type: 'string' },
      'fail-status': { type: 'string' },
      'execute-rate-second': { type: 'string' },
      'execute-rate-hour': { type: 'string' },
      'job-step-ms': { type: 'string' },
      'data-push-prefix': { type: 'string', multiple: true },
      verbose: { type: 'boolean' },
      'exit-with-stdin': { type: 'boolean' },
      'exit-with-parent': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    console.error(USAGE);
    return;
  }
  const faults: FaultRule[] = (values.fault ?? []).map((json) => JSON.parse(json) as FaultRule);
  const latency = num(values.latency, '--latency');
  if (latency) faults.push({ route: '*', latencyMs: latency });
  const failRate = num(values['fail-rate'], '--fail-rate');
  if (failRate)
    faults.push({ route: '*', failRate, status: num(values['fail-status'], '--fail-status') ?? 503 });
  const logger = createStderrLogger(!values.verbose);
  const emulator = await startEmulator({
    port: num(values.port, '--port') ?? 0,
    host: values.host ?? '127.0.0.1',
    data: values.data,
    seed: parseSeed(values.seed ?? 'demo'),
    svgScript: !values['no-svg-script'],
    faults,
    faultSeed: num(values['fault-seed'], '--fault-seed'),
    executeRatePerSecond: num(values['execute-rate-second'], '--execute-rate-second'),
    executeRatePerHour: num(values['execute-rate-hour'], '--execute-rate-hour'),
    jobStepMs: num(values['job-step-ms'], '--job-step-ms'),
    dataPushPrefixes: values['data-push-prefix'],
    logger,
  });
  console.log(JSON.stringify(emulator.config));
  logger.warn('emulator ready', { processBaseUrl: emulator.config.processBaseUrl });
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.warn('stopping', { signal });
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('close failed', { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  if (values['exit-with-stdin']) {
    // The pipe closes however the parent ends, even on SIGKILL, which no signal handler sees.
    process.stdin.on('end', () => stop('stdin closed'));
    process.stdin.on('error', () => stop('stdin closed'));
    process.stdin.resume();
  }
  const parentPid = num(values['exit-with-parent'], '--exit-with-parent');
  if (parentPid !== undefined) {
    // No pipe to watch here, and no signal reaches a child when its parent is SIGKILLed: look once a second.
    const watch = setInterval(() => {
      try {
        process.kill(parentPid, 0);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ESRCH') {
          clearInterval(watch);
          stop('parent gone');
        }
      }
    }, 1000);
  }
}

main().catch((error: unknown) => {
  console.error(`emulator: ${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
});
