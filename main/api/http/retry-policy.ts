import { AsyncLocalStorage } from 'node:async_hooks';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for; the caller gets the rate-limit error instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 200,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 15 * 60_000,
};

/**
 * The desktop app's own requests (its session, the data pool's calls on the
 * serving thread): a `Retry-After` of up to 5 s is waited for. A service in
 * maintenance may ask for minutes; the app then shows what it has cached, or
 * says at once that the service is unavailable or asks to slow down and for
 * how long, instead of waiting silently. The command line keeps the default
 * (it waits out any, announcing each wait); the outbox sends a rate-limited
 * operation again no sooner than its `Retry-After` (outbox-sender.ts), and
 * the push worker shows its waits as the push's progress.
 */
export const INTERACTIVE_RETRY: Partial<RetryPolicy> = { maxRetryAfterMs: 5_000 };

const singleAttempt = new AsyncLocalStorage<true>();

/**
 * Runs `work` with every request it makes tried once, whatever the client's
 * policy: for a caller that has a good answer without the service (the
 * offline cache, cached-reader.ts) and would rather give it at once than
 * wait out the retries of a service that has just failed. A scope, not a
 * parameter: the override reaches the requests under any client method
 * without every method carrying it.
 */
export function withSingleAttempt<T>(work: () => Promise<T>): Promise<T> {
  return singleAttempt.run(true, work);
}

/** The attempts a request may take here: the policy's, or one inside `withSingleAttempt`. */
export function attemptsAllowed(policy: RetryPolicy): number {
  return singleAttempt.getStore() ? 1 : policy.maxAttempts;
}

/** Statuses after which a read is tried again: the service did not serve it, and says so. */
export const RETRYABLE_READ_STATUSES = new Set([429, 502, 503, 504]);

/** Exponential backoff with full jitter (a random wait up to the exponential bound). */
export function backoffDelay(
  policy: RetryPolicy,
  attempt: number,
  random: () => number = Math.random,
): number {
  const bound = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(bound * (0.5 + random() / 2));
}

/**
 * Retry-After as seconds or as an HTTP date; undefined when absent or
 * unreadable. Honoured in full (undici's own retry handler caps it at 30 s).
 */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now: number = Date.now(),
): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  const trimmed = raw.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
