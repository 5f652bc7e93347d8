/**
 * Execute rate limits of service-facts.md: per second (sliding) and per hour
 * (the window starts on the full UTC hour). One team = the whole emulator.
 */
export interface RateLimits {
  perSecond: number;
  perHour: number;
}

export class ExecuteRateLimiter {
  private readonly limits: RateLimits;
  private recent: number[] = [];
  private hourStart = 0;
  private hourCount = 0;
  constructor(limits: RateLimits) {
    this.limits = limits;
  }

  /** Returns 0 when allowed (and counts it), else the seconds to wait. */
  take(now = Date.now()): number {
    const hour = now - (now % 3_600_000);
    if (hour !== this.hourStart) {
      this.hourStart = hour;
      this.hourCount = 0;
    }
    this.recent = this.recent.filter((t) => now - t < 1000);
    if (this.hourCount >= this.limits.perHour) return Math.ceil((hour + 3_600_000 - now) / 1000);
    if (this.recent.length >= this.limits.perSecond)
      return Math.max(1, Math.ceil((1000 - (now - (this.recent[0] ?? now))) / 1000));
    this.recent.push(now);
    this.hourCount++;
    return 0;
  }
}
