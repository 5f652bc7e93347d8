import type { BadRow } from '../../shared/domain/datapool.ts';
import type { ChunkKind } from '../api/datapush/push-flow.ts';
import type { CsvShapeError } from '../api/datapush/csv-file-errors.ts';

/**
 * The service names a bad row as `Line N: what is wrong.`, counted within the
 * chunk it came in (each chunk repeats the header, so its first row is line 2),
 * and says which chunk: `Chunk C (UPSERT): Line N: …`.
 */
const SERVICE_LINE = /^(?:Chunk (\d+) \((UPSERT|DELETE)\): )?Line (\d+): (.*)$/;
const CHUNK_PARSED = /^Chunk (\d+) \((UPSERT|DELETE)\): /;

/** Where each chunk sent begins in its file (the line of its first row), by kind, in the order they were sent. */
export type ChunkStarts = Record<ChunkKind, number[]>;

/**
 * A job's log split into the rows it refused, with their line numbers in the
 * file the user chose (header = line 1), and everything else. A chunk is
 * named by its place among the chunks of its kind (upserted chunks first);
 * its line N is N - 2 lines after the line its first row came from. Chunks
 * not in `starts` are taken to hold `rowsPerChunk` rows each after the last
 * one known.
 */
export function splitJobLogs(
  logs: readonly string[],
  starts: ChunkStarts,
  rowsPerChunk: number,
): { badRows: BadRow[]; other: string[] } {
  const ordinal = new Map<number, number>();
  const seen = { UPSERT: 0, DELETE: 0 };
  for (const entry of logs) {
    const match = CHUNK_PARSED.exec(entry.trim());
    if (match && !ordinal.has(Number(match[1]))) {
      const kind = match[2] as ChunkKind;
      ordinal.set(Number(match[1]), seen[kind]++);
    }
  }
  const firstLine = (kind: ChunkKind, place: number): number => {
    const known = starts[kind];
    if (place < known.length) return known[place]!;
    const last = known.length - 1;
    return (last < 0 ? 2 : known[last]!) + (place - Math.max(last, 0)) * rowsPerChunk;
  };
  const badRows: BadRow[] = [];
  const other: string[] = [];
  for (const entry of logs) {
    const match = SERVICE_LINE.exec(entry.trim());
    if (!match) {
      other.push(entry);
      continue;
    }
    const kind = (match[2] ?? 'UPSERT') as ChunkKind;
    const line = Number(match[3]);
    badRows.push({
      line: match[1] ? firstLine(kind, ordinal.get(Number(match[1])) ?? 0) + line - 2 : line,
      message: match[4]!.replace(/\.$/, ''),
      ...(match[2] === 'DELETE' ? { deletedFile: true } : {}),
    });
  }
  return { badRows, other };
}

/** The bad row Lanes found itself while streaming the file (a wrong number of fields). */
export function badRowOfShapeError(error: CsvShapeError): BadRow {
  return { line: error.line, message: `expected ${error.expected} values, found ${error.fields}` };
}
