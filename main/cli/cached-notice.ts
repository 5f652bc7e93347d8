import type { Read } from '../cache/cached-reader.ts';
import type { CommandContext } from './context.ts';

/** "3 h ago": precise enough to judge whether cached data is still good for the task at hand. */
function formatAge(fetchedAt: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(fetchedAt)) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 48 * 3600) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86_400)} d ago`;
}

/**
 * Unwraps a cache-aware read for a command. A cached answer is said so on
 * stderr, so that stdout (tables, --json, files) stays the same either way.
 */
export async function served<T>(ctx: CommandContext, read: Promise<Read<T>>): Promise<T> {
  const result = await read;
  if (result.source === 'cache') {
    const why = ctx.offline ? 'offline' : 'the service cannot be reached';
    ctx.notify(`lanes: ${why}; showing the cache (cached ${formatAge(result.fetchedAt)})\n`);
  }
  return result.value;
}
