/**
 * The server's side of the event stream: every open studio page holds one
 * long GET, and each event is written to all of them. A comment line every
 * so often keeps proxies and the browser from closing a quiet stream.
 */
import type { ServerResponse } from 'node:http'
import { encodeEvent, type ServerEvent } from '../shared/events.ts'

const keepAliveMs = 20_000

export class EventHub {
  private readonly streams = new Set<ServerResponse>()
  private readonly timer = setInterval(() => {
    for (const res of this.streams) res.write(': still here\n\n')
  }, keepAliveMs)

  /** Take a response as a stream; `first` is sent to it alone, at once (what the page needs to start). */
  open(res: ServerResponse, first: ServerEvent[]): void {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' })
    for (const event of first) res.write(encodeEvent(event))
    this.streams.add(res)
    res.on('close', () => this.streams.delete(res))
  }

  send(event: ServerEvent): void {
    const text = encodeEvent(event)
    for (const res of this.streams) res.write(text)
  }

  close(): void {
    clearInterval(this.timer)
    for (const res of this.streams) res.end()
    this.streams.clear()
  }
}
