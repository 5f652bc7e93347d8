/**
 * This process's own peak resident memory, in MB. Not `resourceUsage().maxRSS`:
 * on Linux that high-water mark carries over from the parent at fork and exec,
 * so a worker spawned by a runner that has grown (Playwright, earlier
 * benchmarks) reports the runner's peak. `VmHWM` belongs to the process's own
 * address space, which exec starts afresh.
 */
import { readFileSync } from 'node:fs';

export function peakRssMb(): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]) / 1024;
  } catch {
    // Not Linux: the platform's own figure, which is the process's own there.
  }
  return process.resourceUsage().maxRSS / 1024;
}
