/**
 * The server's side of the event stream: every open studio page holds one
 * long GET, and each event is written to all of them. A comment line every
 * so often keeps proxies and the browser from closing a quiet stream.
 *
 * Bounded, so that streams nobody reads cannot slow the studio down or fill
 * its memory: a session may hold a few streams at once (a new one past that
 * is refused, and the page tries again later), and a stream whose unsent
 * data passes a limit is closed (its page reconnects and starts afresh).
 */
import type { ServerResponse } from 'node:http'
import { encodeEvent, type ServerEvent } from '../shared/events.ts'

const keepAliveMs = 20_000
/** Open streams per session token: one a tab, with room for many tabs. */
export const streamsPerToken = 16
/** Unsent bytes a stream may hold: many page lists at 10,000 pages. A reader this far behind starts again. */
export const unsentLimit = 8 << 20

export class EventHub {
  private readonly streams = new Map<ServerResponse, string>()

  constructor(private readonly limits = { streamsPerToken, unsentLimit }) {}

  private readonly timer = setInterval(() => this.write(': still here\n\n'), keepAliveMs)

  /**
   * Take a response as a stream of the session `token`; `first` is sent to it
   * alone, at once (what the page needs to start; made only for a stream taken). False, with nothing sent,
   * when that session holds as many streams as it may.
   */
  open(res: ServerResponse, first: () => ServerEvent[], token: string): boolean {
    let held = 0
    for (const owner of this.streams.values()) if (owner === token) held++
    if (held >= this.limits.streamsPerToken) return false
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' })
    for (const event of first()) res.write(encodeEvent(event))
    this.streams.set(res, token)
    res.on('close', () => this.streams.delete(res))
    return true
  }

  send(event: ServerEvent): void {
    this.write(encodeEvent(event))
  }

  /** How many streams are open now. */
  get size(): number {
    return this.streams.size
  }

  close(): void {
    clearInterval(this.timer)
    for (const res of this.streams.keys()) res.end()
    this.streams.clear()
  }

  private write(text: string): void {
    for (const res of this.streams.keys()) {
      // Never read: its socket and Node's buffer behind it are full. Closing it frees both.
      if (res.writableLength > this.limits.unsentLimit) {
        this.streams.delete(res)
        res.destroy()
      } else res.write(text)
    }
  }
}
