/**
 * The page's side of the server's event stream (shared/events.ts). A fetch
 * that is read as it arrives, not an EventSource: it can carry the session's
 * token in a header, so the token never sits in a URL. A dropped stream (the
 * studio restarted) is opened again, and the first event then brings the
 * page up to date.
 */
import { decodeEvents, type ServerEvent } from '../shared/events.ts'
import { eventsPath } from '../shared/api.ts'
import { tokenHeaders } from './call.ts'

type Listener = (event: ServerEvent) => void

const listeners = new Set<Listener>()
/** Told once when the server no longer knows this page's session: the studio was restarted, and only a reload gets the new one. */
const endedListeners = new Set<() => void>()
const retryMs = [250, 500, 1000, 2000, 4000]

/** Call `listener` for every event; returns the unsubscribe. */
export function onServerEvent(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function onSessionEnded(listener: () => void): () => void {
  endedListeners.add(listener)
  return () => endedListeners.delete(listener)
}

let started = false

/** Open the stream once for this page, and keep it open. */
export function startEvents(): void {
  if (started) return
  started = true
  void run(0)
}

async function run(attempt: number): Promise<void> {
  try {
    const response = await fetch(eventsPath, { headers: tokenHeaders, cache: 'no-store' })
    if (response.status === 403) {
      for (const listener of endedListeners) listener()
      return
    }
    if (!response.ok || !response.body) throw new Error(`events: ${response.status}`)
    attempt = 0
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    let rest = ''
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      const decoded = decodeEvents(rest + value)
      rest = decoded.rest
      for (const event of decoded.events) for (const listener of listeners) listener(event)
    }
  } catch {
    // The server is restarting or gone: try again below.
  }
  setTimeout(() => void run(attempt + 1), retryMs[Math.min(attempt, retryMs.length - 1)])
}
