import type { BadRow } from '../../shared/domain/datapool.ts';

/**
 * The service names a bad row as `Line N: what is wrong.`, counted within the
 * chunk it came in (each chunk repeats the header, so its first row is line 2),
 * and says which chunk: `Chunk C (UPSERT): Line N: …`.
 */
const SERVICE_LINE = /^(?:Chunk (\d+) \((UPSERT|DELETE)\): )?Line (\d+): (.*)$/;
const CHUNK_PARSED = /^Chunk (\d+) \((UPSERT|DELETE)\): /;
/** Lanes' own scan while streaming: `Row N of FILE has F fields; the header has H.` */
const LOCAL_SHAPE = /^Row (\d+) of .* has (\d+) fields; the header has (\d+)\.$/;

/**
 * A job's log split into the rows it refused, with their line numbers in the
 * file the user chose (header = line 1), and everything else. Chunks hold
 * `rowsPerChunk` rows each, upserted chunks first, so a chunk's line maps to a
 * file line by its place among the chunks of its kind.
 */
export function splitJobLogs(
  logs: readonly string[],
  rowsPerChunk: number,
): { badRows: BadRow[]; other: string[] } {
  const ordinal = new Map<number, number>();
  const seen = { UPSERT: 0, DELETE: 0 };
  for (const entry of logs) {
    const match = CHUNK_PARSED.exec(entry.trim());
    if (match && !ordinal.has(Number(match[1]))) {
      const kind = match[2] as 'UPSERT' | 'DELETE';
      ordinal.set(Number(match[1]), seen[kind]++);
    }
  }
  const badRows: BadRow[] = [];
  const other: string[] = [];
  for (const entry of logs) {
    const match = SERVICE_LINE.exec(entry.trim());
    if (!match) {
      other.push(entry);
      continue;
    }
    const before = match[1] ? (ordinal.get(Number(match[1])) ?? 0) * rowsPerChunk : 0;
    badRows.push({
      line: before + Number(match[3]),
      message: match[4]!.replace(/\.$/, ''),
      ...(match[2] === 'DELETE' ? { deletedFile: true } : {}),
    });
  }
  return { badRows, other };
}

/** The bad row Lanes found itself while streaming the file (a wrong number of fields). */
export function badRowOfShapeError(message: string): BadRow | undefined {
  const match = LOCAL_SHAPE.exec(message);
  if (!match) return undefined;
  return { line: Number(match[1]), message: `expected ${match[3]} values, found ${match[2]}` };
}
