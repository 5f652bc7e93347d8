/**
 * Where the renderer's time goes, from Chrome's own trace of a benchmark's
 * page (Playwright's CDP session, `Tracing` with the V8 sampling profiler on):
 * the main thread's busy and idle time over the traced window, its self time
 * by trace event (script, style, layout, paint, GC, parsing), the sampled
 * JavaScript by package (through the bundles' source maps), and every long
 * task in order. The raw trace is written beside the summary, for DevTools'
 * Performance panel. No `run()`: bench/run.ts skips this module; benchmarks
 * use it when `LANES_BENCH_PROFILE` names a folder.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder profiles go to, or null when the run is not profiled. */
export const profileDir: string | null = process.env.LANES_BENCH_PROFILE?.trim() || null;

interface CdpSession {
  send(method: string, params?: object): Promise<unknown>;
  once(event: string, listener: (payload: unknown) => void): void;
  detach(): Promise<void>;
}

/** The bit of Playwright's Page this needs (bench/ type-checks without Playwright's DOM types). */
export interface ProfiledPage {
  context(): { newCDPSession(page: unknown): Promise<CdpSession> };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  cat?: string;
  id?: string;
  args?: {
    name?: string;
    data?: {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'toplevel',
  'loading',
  'v8',
];

/** Starts tracing `page`; the returned function stops it and gives the summary (and writes the trace). */
export async function tracePage(page: ProfiledPage): Promise<(label: string) => Promise<string>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
  });
  return async (label) => {
    const complete = new Promise<{ stream: string }>((resolve) =>
      cdp.once('Tracing.tracingComplete', (payload) => resolve(payload as { stream: string })),
    );
    await cdp.send('Tracing.end');
    const { stream } = await complete;
    let text = '';
    for (;;) {
      const chunk = (await cdp.send('IO.read', { handle: stream, size: 4 << 20 })) as {
        data: string;
        eof: boolean;
        base64Encoded?: boolean;
      };
      text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
      if (chunk.eof) break;
    }
    await cdp.send('IO.close', { handle: stream });
    await cdp.detach();
    const parsed = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
    const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
    const summary = summarizeTrace(events, label);
    if (profileDir) {
      mkdirSync(profileDir, { recursive: true });
      const file = label.replace(/[^\w.-]+/g, '-');
      writeFileSync(join(profileDir, `${file}.trace.json`), text);
      writeFileSync(join(profileDir, `${file}.txt`), summary);
    }
    return summary;
  };
}

/** The renderer's main thread: the CrRendererMain with the most events. */
function rendererMain(events: readonly TraceEvent[]): { pid: number; tid: number } | null {
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name');
  const counts = new Map<string, number>();
  for (const e of events) counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  let best: { pid: number; tid: number; count: number } | null = null;
  for (const m of names) {
    if (m.args?.name !== 'CrRendererMain') continue;
    const count = counts.get(`${m.pid}:${m.tid}`) ?? 0;
    if (!best || count > best.count) best = { pid: m.pid, tid: m.tid, count };
  }
  return best;
}

interface Slice {
  name: string;
  start: number;
  end: number;
  children: Slice[];
}

/** The complete slices of one thread as a forest (B/E pairs and X events). */
function slicesOf(events: readonly TraceEvent[]): Slice[] {
  const flat: Slice[] = [];
  const open: TraceEvent[] = [];
  for (const e of [...events].sort((a, b) => a.ts - b.ts)) {
    if (e.ph === 'X' && e.dur !== undefined)
      flat.push({ name: e.name, start: e.ts, end: e.ts + e.dur, children: [] });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const begin = open.pop();
      if (begin) flat.push({ name: begin.name, start: begin.ts, end: e.ts, children: [] });
    }
  }
  flat.sort((a, b) => a.start - b.start || b.end - a.end);
  const roots: Slice[] = [];
  const stack: Slice[] = [];
  for (const slice of flat) {
    while (stack.length && stack[stack.length - 1]!.end <= slice.start) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent && slice.end <= parent.end) parent.children.push(slice);
    else if (!parent) roots.push(slice);
    else continue; // overlaps its parent's end: malformed, left out
    stack.push(slice);
  }
  return roots;
}

function selfTimes(slices: readonly Slice[], into = new Map<string, number>()): Map<string, number> {
  for (const slice of slices) {
    const childTime = slice.children.reduce((sum, c) => sum + (c.end - c.start), 0);
    into.set(slice.name, (into.get(slice.name) ?? 0) + (slice.end - slice.start - childTime));
    selfTimes(slice.children, into);
  }
  return into;
}

const here = dirname(fileURLToPath(import.meta.url));
function dirname(path: string): string {
  return path.slice(0, path.lastIndexOf('/'));
}
const sourceMaps = new Map<string, SourceMap | null>();

/** The package (or Lanes folder) a bundled position came from, through the bundle's source map. */
function originOf(url: string, line: number, column: number): string {
  if (!url) return '(native)';
  const path = new URL(url, 'http://x/').pathname;
  if (!path.endsWith('.js')) return basename(path) || url;
  let map = sourceMaps.get(path);
  if (map === undefined) {
    try {
      const file = join(here, '..', 'dist', 'renderer', path);
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = null;
    }
    sourceMaps.set(path, map);
  }
  const entry = map?.findEntry(line, column) as { originalSource?: string } | undefined;
  const source = entry?.originalSource;
  if (!source) return basename(path);
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = source.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const lanes = source.match(/(renderer|shared)\/.*$/);
  return lanes ? lanes[0] : source;
}

/**
 * Sampled JavaScript self time by origin (package or Lanes file) and by function, from the trace's
 * ProfileChunk events. A native function (a DOM call without a script URL) is named with the script
 * function that called it: "getBBox ← diagram-js", so forced layouts show where they come from.
 */
function sampled(
  events: readonly TraceEvent[],
  pid: number,
): { origins: Map<string, number>; functions: Map<string, number> } {
  const nodes = new Map<number, ProfileNode>();
  const origins = new Map<string, number>();
  const functions = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, us: number): void => {
    map.set(key, (map.get(key) ?? 0) + us);
  };
  const originOfNode = (node: ProfileNode): string => {
    const { url, lineNumber, columnNumber } = node.callFrame;
    return url ? originOf(url, lineNumber, columnNumber) : '';
  };
  for (const e of events) {
    if (e.pid !== pid || e.name !== 'ProfileChunk') continue;
    const profile = e.args?.data?.cpuProfile;
    for (const node of profile?.nodes ?? []) nodes.set(node.id, node);
    const samples = profile?.samples ?? [];
    const deltas = e.args?.data?.timeDeltas ?? [];
    // Each sample's time is the gap to the next one (the last of a chunk: its own delta).
    samples.forEach((id, i) => {
      const node = nodes.get(id);
      if (!node) return;
      const us = Math.max(0, deltas[i + 1] ?? deltas[i] ?? 0);
      const name = node.callFrame.functionName || '(anonymous)';
      const origin = originOfNode(node);
      add(origins, origin || name, us);
      if (origin) add(functions, `${name} (${origin})`, us);
      else {
        // The nearest caller with a script behind it.
        let caller = node.parent === undefined ? undefined : nodes.get(node.parent);
        while (caller && !caller.callFrame.url)
          caller = caller.parent === undefined ? undefined : nodes.get(caller.parent);
        add(
          functions,
          caller
            ? `${name} ← ${caller.callFrame.functionName || '(anonymous)'} (${originOfNode(caller)})`
            : name,
          us,
        );
      }
    });
  }
  return { origins, functions };
}

const ms = (us: number): string => `${(us / 1000).toFixed(1)} ms`;

function top(map: Map<string, number>, count: number, minUs: number): string[] {
  return [...map]
    .filter(([, us]) => us >= minUs)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `    ${ms(us).padStart(10)}  ${name}`);
}

export function summarizeTrace(events: readonly TraceEvent[], label: string): string {
  const main = rendererMain(events);
  if (!main) return `${label}: no renderer main thread in the trace`;
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const roots = slicesOf(own);
  if (roots.length === 0) return `${label}: no slices`;
  const from = roots[0]!.start;
  const to = Math.max(...roots.map((r) => r.end));
  const busy = roots.reduce((sum, r) => sum + (r.end - r.start), 0);
  const js = sampled(events, main.pid);
  const lines = [
    `${label}: renderer main thread over ${ms(to - from)}: busy ${ms(busy)}, idle ${ms(to - from - busy)}`,
    '  self time by trace event:',
    ...top(selfTimes(roots), 18, 1000),
    '  sampled JavaScript by origin (self):',
    ...top(js.origins, 18, 2000),
    '  sampled JavaScript by function (self):',
    ...top(js.functions, 30, 2000),
    '  tasks over 16 ms, in order (offset, duration: heaviest events inside):',
  ];
  for (const root of roots) {
    if (root.end - root.start < 16_000) continue;
    const inside = [...selfTimes([root])]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, us]) => `${name} ${ms(us)}`)
      .join(', ');
    lines.push(
      `    +${ms(root.start - from).padStart(10)} ${ms(root.end - root.start).padStart(10)}  ${inside}`,
    );
  }
  return lines.join('\n');
}
