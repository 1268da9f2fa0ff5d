/**
 * At most `limit` events per key within `windowMs`, remembered in memory
 * (a restart forgets: the limits slow a script down, they are no ledger).
 * Keys are what the caller chooses: an address's hash, a client's IP.
 */
export class RateLimit {
  private readonly seen = new Map<string, number[]>()

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Counts an event for `key` at `now` and answers whether it is within the limit; one over it is not counted. */
  take(key: string, now: number): boolean {
    const recent = (this.seen.get(key) ?? []).filter((at) => now - at < this.windowMs)
    if (recent.length >= this.limit) {
      this.seen.set(key, recent)
      return false
    }
    recent.push(now)
    this.seen.set(key, recent)
    // Keys whose events have all aged out go, so the map stays the size of the last window.
    if (this.seen.size > 10_000) for (const [k, times] of this.seen) if (times.every((at) => now - at >= this.windowMs)) this.seen.delete(k)
    return true
  }

  /** Seconds until `key` may take another event. */
  retryAfter(key: string, now: number): number {
    const oldest = this.seen.get(key)?.[0]
    return oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000))
  }
}
