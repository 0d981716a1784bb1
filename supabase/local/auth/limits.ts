/**
 * GoTrue's own rate limits, as it counts them (supabase/auth internal/api/apilimiter):
 *
 * - per client address, a token bucket per endpoint (tollbooth): `rate` requests per 5
 *   minutes refill it, it holds at most 30 (GoTrue's fixed burst), an idle address is
 *   forgotten after an hour. Over: 429 over_request_rate_limit "Request rate limit reached".
 *   /otp, /signup and /resend each have a bucket at auth.rate_limit.sign_in_sign_ups,
 *   /verify at token_verifications, /token (every grant) at token_refresh.
 * - project-wide, SMS sent per hour (auth.rate_limit.sms_sent): a fixed window of an hour
 *   from the server's start (GoTrue's IntervalLimiter). Over: 429 over_sms_send_rate_limit.
 */

const BURST = 30;
const IDLE_MS = 3600_000;

interface Bucket {
  tokens: number;
  at: number;
}

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep = 0;

  constructor(
    /** Requests per 5 minutes (the refill rate). */
    private readonly perFiveMinutes: number,
    private readonly now: () => number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Takes one request of `key`; false when its bucket is empty. */
  take(key: string): boolean {
    const now = this.now();
    this.sweep(now);
    const rate = this.perFiveMinutes / 300_000; // tokens per ms
    let b = this.buckets.get(key);
    if (!b) {
      b = { tokens: BURST, at: now };
      this.buckets.set(key, b);
      while (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
    } else {
      b.tokens = Math.min(BURST, b.tokens + Math.max(0, now - b.at) * rate);
      b.at = now;
    }
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [k, b] of this.buckets) if (now - b.at > IDLE_MS) this.buckets.delete(k);
  }
}

export class HourlyWindow {
  private start: number;
  private count = 0;

  constructor(
    private readonly max: number,
    private readonly now: () => number,
  ) {
    this.start = now();
  }

  allow(): boolean {
    const now = this.now();
    const hours = Math.floor((now - this.start) / 3600_000);
    if (hours > 0) {
      this.start += hours * 3600_000;
      this.count = 0;
    }
    if (this.count >= this.max) return false;
    this.count++;
    return true;
  }
}
