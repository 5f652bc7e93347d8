/**
 * The app's main side in its own process, pushing one CSV through the data
 * pool screen's channels (choose the file, push, follow the progress events),
 * so that its peak RSS is the main side's own. Prints `{ rows, ms, maxRssMb,
 * peakHeapMb, events }` as JSON. Used by datapool-push.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createMainServices } from '../main/app/main-services.ts';
import { createMemoryLogger } from '../main/log/logger.ts';
import { MemorySecretStore } from '../main/profiles/secret-store.ts';
import { ProfileService } from '../main/profiles/profile-service.ts';
import { profileFromValues } from '../shared/domain/profiles.ts';
import type { ChosenFile, PushProgress } from '../shared/domain/datapool.ts';
import { peakRssMb } from './peak-rss.ts';

const [file, configJson] = process.argv.slice(2);
const dataDir = mkdtempSync(join(tmpdir(), 'lanes-datapool-bench-'));
const secrets = new MemorySecretStore();
const profiles = new ProfileService(dataDir, secrets, () => {});
profiles.save(profileFromValues('Bench', JSON.parse(configJson!) as object));
profiles.use('Bench');

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
const { fileId, columns } = chosen.value as ChosenFile;
const started = await services.dispatch('datapool.push', {
  fileId,
  table: `bench_${Date.now()}`,
  mode: 'DELTA',
  keys: ['id'],
  columns,
});
if (!started.ok) throw new Error(`push: ${JSON.stringify(started)}`);
const final = await outcome;
const ms = performance.now() - start;
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
  }),
);
process.exit(0);
