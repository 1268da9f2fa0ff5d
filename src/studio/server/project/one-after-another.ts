/**
 * A job that runs one at a time, for work whose answer must include every
 * change asked about before it: asked while a run is under way, the job runs
 * once more after it (what the running one read may predate the ask), and
 * every ask made meanwhile shares that one next run. Ten saves during a
 * whole read of the site cost one more read, not ten.
 */
export class OneAfterAnother<T> {
  private running: Promise<T> | undefined
  private next: Promise<T> | undefined

  constructor(private readonly job: () => Promise<T>) {}

  /** The run that answers this ask: a new one, or the one queued after the run under way. */
  run(): Promise<T> {
    if (!this.running) return (this.running = this.job().finally(() => (this.running = undefined)))
    // After the running one, whether it succeeded or failed: its failure is its own askers'.
    const after = () => {
      this.next = undefined
      return this.run()
    }
    return (this.next ??= this.running.then(after, after))
  }

  /** Whether a run is under way now. */
  get busy(): boolean {
    return this.running !== undefined
  }

  /** Settled once no run is under way or queued (a failed run included). */
  async idle(): Promise<void> {
    while (this.running || this.next) await (this.next ?? this.running)!.catch(() => undefined)
  }
}
