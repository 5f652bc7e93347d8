/**
 * The app's main side in its own process, pushing one CSV through the data
 * pool screen's channels (choose the file, push, follow the progress events),
 * so that its peak RSS is the main side's own, and measuring the event-loop
 * lag of the thread that serves the window while it does (the push itself
 * runs in the push worker). Prints `{ rows, ms, maxRssMb, peakHeapMb,
 * events, lag }` as JSON. Used by datapool-push.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createMainServices } from '../main/app/main-services.ts';
import { createMemoryLogger } from '../main/log/logger.ts';
import { MemorySecretStore } from '../main/profiles/secret-store.ts';
import { connectProfile } from '../main/profiles/profiles.test-support.ts';
import type { ChosenFile, PushProgress } from '../shared/domain/datapool.ts';
import { peakRssMb } from './peak-rss.ts';

const [file, configJson] = process.argv.slice(2);
const dataDir = mkdtempSync(join(tmpdir(), 'lanes-datapool-bench-'));
const secrets = new MemorySecretStore();
connectProfile(dataDir, secrets, JSON.parse(configJson!) as object, 'Bench');

let finished: (progress: PushProgress) => void = () => {};
const outcome = new Promise<PushProgress>((resolve) => (finished = resolve));
let events = 0;
let peakHeap = 0;
const services = createMainServices({
  identity: { name: 'Lanes', version: 'bench', transport: 'harness' },
  dataDir,
  locale: 'en-US',
  logger: createMemoryLogger(),
  env: {},
  secrets,
  events: (name, payload) => {
    if (name !== 'datapool.progress') return;
    events++;
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    const progress = payload as PushProgress;
    if (['done', 'failed', 'canceled'].includes(progress.phase)) finished(progress);
  },
  fileDialogs: {
    chooseBpmnToOpen: () => Promise.resolve(null),
    chooseSaveLocation: () => Promise.resolve(null),
    chooseCsvToOpen: () => Promise.resolve(file!),
  },
});
const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 50);

const start = performance.now();
const chosen = await services.dispatch('datapool.chooseFile', { purpose: 'rows' });
if (!chosen.ok || !chosen.value) throw new Error(`choose: ${JSON.stringify(chosen)}`);
const { fileId, columns, format } = chosen.value as ChosenFile;
// From the push's start to its end, every 5 ms the loop is due a turn (as cache-pull.ts measures the sync
// pull): how late it comes is the lag a user feels in the window while the push runs.
const lag = monitorEventLoopDelay({ resolution: 5 });
lag.enable();
const started = await services.dispatch('datapool.push', {
  fileId,
  format,
  table: `bench_${Date.now()}`,
  mode: 'DELTA',
  keys: ['id'],
  columns,
});
if (!started.ok) throw new Error(`push: ${JSON.stringify(started)}`);
const final = await outcome;
const ms = performance.now() - start;
lag.disable();
clearInterval(sampler);
if (final.phase !== 'done') throw new Error(`push ended ${final.phase}: ${JSON.stringify(final.error)}`);
services.dispose();
rmSync(dataDir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    rows: final.rows,
    ms,
    events,
    maxRssMb: peakRssMb(),
    peakHeapMb: peakHeap / 1024 / 1024,
    lag: {
      p50: lag.percentile(50) / 1e6,
      p99: lag.percentile(99) / 1e6,
      max: lag.max / 1e6,
    },
  }),
);
process.exit(0);
