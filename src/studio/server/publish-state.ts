/**
 * The publish state pushed to every open studio page: what is saved but not
 * live, and how the branch stands with its remote. Worked out again shortly
 * after pages/ changes (several saves in a row make one), and at once after
 * a publish. A project that is not a git repository has none, and the
 * studio then offers no publishing.
 */
import { publishStatus } from './publish/index.ts'
import type { EventHub } from './event-hub.ts'
import type { PublishStatus } from '../shared/publish-types.ts'

const settleMs = 300

/** How often the studio asks the remote what is live, so a page another copy published says so without a reload. */
export const followLiveMs = 60_000

export class PublishState {
  private timer: NodeJS.Timeout | undefined
  last: PublishStatus | undefined

  /** `writes`: how many writes the studio has made so far (StudioProject's `writes`). */
  constructor(
    private readonly root: string,
    private readonly events: EventHub,
    private readonly writes: () => number = () => 0,
  ) {
    // Following the live branch: a fetch a minute (a few bytes when nothing moved). Unref'd: it never keeps the process alive.
    this.follow = setInterval(() => void this.now({ fetch: true }), followLiveMs)
    this.follow.unref()
  }

  private readonly follow: NodeJS.Timeout

  /** Work it out again soon, and tell the pages. */
  changed(): void {
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.now(), settleMs)
  }

  /** Work it out now (asking the remote first with `fetch`), tell the pages, and answer it. */
  async now(options: { fetch?: boolean } = {}): Promise<PublishStatus | undefined> {
    clearTimeout(this.timer)
    try {
      // Taken before the read: every write up to here is on disk for it to see.
      const seenWrites = this.writes()
      this.last = { ...(await publishStatus(this.root, options)), seenWrites }
      this.events.send({ type: 'publish', status: this.last })
    } catch {
      // Not a git repository (or git is missing): no publishing here.
      this.last = undefined
    }
    return this.last
  }

  close(): void {
    clearTimeout(this.timer)
    clearInterval(this.follow)
  }
}
