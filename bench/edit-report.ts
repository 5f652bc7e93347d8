/**
 * How bench/editor-edit.ts reports its samples: per edit kind the longest task,
 * the blocked time and the frames, app beside bare bpmn-js, against the
 * targets of issue 13; and the rows it adds to the run's summary.
 */
import { median, p95 } from './editor-world.ts';
import { type SummaryRow } from './summary.ts';

/** A main-thread task over this is a long task; beyond it the page is blocked. */
export const TASK_BUDGET_MS = 50;
const FPS_TARGET = 50;

export interface EditSample {
  longest: number;
  blocked: number;
  tasks: number;
}
export interface DragSample extends EditSample {
  fps: number;
  longestFrame: number;
  /** Without the longest frame (where the drag starts: preview, snapping), the steady pace. */
  fpsWithoutLongest: number;
  /** When the longest frame began, after the first frame of the press. */
  longestFrameAt: number;
}

const ms = (value: number): string => `${value.toFixed(0)}`.padStart(5);
const cell = (values: number[]): string =>
  `${ms(median(values))} /${ms(p95(values))} /${ms(Math.max(...values))}`;

export function report(
  app: { renames: EditSample[]; drags: DragSample[] },
  bare: { renames: EditSample[]; drags: DragSample[] },
  size: number,
): SummaryRow[] {
  const row = (label: string, a: string, b: string, target: string): void =>
    console.log(`  ${label.padEnd(40)} ${a.padEnd(22)} ${b.padEnd(22)} ${target}`);
  row('(ms unless said; p50 / p95 / max)', 'app', 'bare bpmn-js', 'target');
  for (const [kind, appSamples, bareSamples] of [
    ['rename', app.renames, bare.renames],
    ['move (drag)', app.drags, bare.drags],
  ] as const) {
    const longest = (samples: readonly EditSample[]): number[] => samples.map((s) => s.longest);
    const count = (samples: readonly EditSample[]): number[] => samples.map((s) => s.tasks);
    row(
      `${kind}: longest task per edit`,
      cell(longest(appSamples)),
      cell(longest(bareSamples)),
      `≤ ${TASK_BUDGET_MS} at p95: app ${p95(longest(appSamples)) <= TASK_BUDGET_MS ? 'met' : 'not met'}`,
    );
    row(`${kind}: blocked time per edit`, cell(blocked(appSamples)), cell(blocked(bareSamples)), '');
    row(`${kind}: long tasks per edit`, cell(count(appSamples)), cell(count(bareSamples)), '');
  }
  const fps = (samples: DragSample[]): number[] => samples.map((s) => s.fps);
  const frame = (samples: DragSample[]): number[] => samples.map((s) => s.longestFrame);
  // For frames per second the bad end is the low one: p50 / p5 / min.
  const low = (values: number[]): string => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${ms(median(values))} /${ms(sorted[Math.floor(sorted.length * 0.05)]!)} /${ms(sorted[0]!)}`;
  };
  row(
    'drag: frames per second (p50 / p5 / min)',
    low(fps(app.drags)),
    low(fps(bare.drags)),
    `≥ ${FPS_TARGET}: app ${median(fps(app.drags)) >= FPS_TARGET ? 'met' : 'not met'} at p50`,
  );
  row('drag: longest frame while dragging', cell(frame(app.drags)), cell(frame(bare.drags)), '');
  const steady = (samples: DragSample[]): number[] => samples.map((s) => s.fpsWithoutLongest);
  const longestAt = (samples: DragSample[]): number[] => samples.map((s) => s.longestFrameAt);
  row('drag: fps without its longest frame', low(steady(app.drags)), low(steady(bare.drags)), '');
  row('drag: longest frame began after press', cell(longestAt(app.drags)), cell(longestAt(bare.drags)), '');
  const ratio = (a: number[], b: number[]): string =>
    median(b) > 0 ? `${(median(a) / median(b)).toFixed(2)}x` : 'n/a (bare had none)';
  console.log(
    `ratio app / bare, median blocked time: rename ${ratio(blocked(app.renames), blocked(bare.renames))}, drag ${ratio(blocked(app.drags), blocked(bare.drags))}`,
  );
  console.log('  (a longest task of 0 means no task over 50 ms: the long-task API reports nothing shorter)');
  const longestOf = (samples: readonly EditSample[]): number[] => samples.map((s) => s.longest);
  const edit = (kind: string, a: readonly EditSample[], b: readonly EditSample[]): SummaryRow => ({
    measure: `${kind} on ${size.toLocaleString('en')} elements: longest task p95`,
    value: `${Math.round(p95(longestOf(a)))} ms`,
    baseline: `bare ${Math.round(p95(longestOf(b)))} ms`,
    ratio: '',
    target: `≤ ${TASK_BUDGET_MS} ms`,
  });
  return [
    edit('rename', app.renames, bare.renames),
    edit('move', app.drags, bare.drags),
    {
      measure: `drag on ${size.toLocaleString('en')} elements: frames per second p50`,
      value: `${Math.round(median(fps(app.drags)))} fps`,
      baseline: `bare ${Math.round(median(fps(bare.drags)))} fps`,
      ratio: '',
      target: `≥ ${FPS_TARGET} fps`,
    },
  ];
}
const blocked = (samples: readonly EditSample[]): number[] => samples.map((s) => s.blocked);
