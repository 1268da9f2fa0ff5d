/**
 * What the server pushes to the studio's page on its one event stream
 * (server/event-hub.ts to client/events.ts), in place of polling: the page
 * list after anything under pages/ changed, and each file that changed on
 * disk, so an open page can say so before its author saves over it.
 */
import type { PagesAnswer } from './api.ts'
import type { PublishProgress, PublishStatus, PublishStep } from './publish-types.ts'
import type { HereNow } from './presence-types.ts'

export type ServerEvent =
  | { type: 'pages'; pages: PagesAnswer }
  /** Which pages hold unsaved drafts, after one was kept or dropped: the rest of the pages answer is as it was. */
  | { type: 'drafts'; drafts: PagesAnswer['drafts'] }
  /** A file under pages/ changed on disk; `hash` is null when it is gone. */
  | { type: 'file'; path: string; hash: string | null }
  /** What is saved but not live, after anything under pages/ or public/ changed, or a publish. */
  | { type: 'publish'; status: PublishStatus }
  /** A change was submitted, updated, commented on, reviewed, withdrawn or published: read GET /api/changes again. */
  | { type: 'changes' }
  /** Who has which page open now, in the team studio (server/presence.ts). */
  | { type: 'presence'; here: HereNow[] }
  /** The step a publish is at, as it runs. */
  | { type: 'publish-step'; step: PublishStep; progress?: PublishProgress }

/** One event as the stream sends it (the text/event-stream format: a data line and a blank line). */
export const encodeEvent = (event: ServerEvent): string => `data: ${JSON.stringify(event)}\n\n`

/** The events in a chunk of stream text, and the unfinished rest to prepend to the next chunk. */
export function decodeEvents(text: string): { events: ServerEvent[]; rest: string } {
  const parts = text.split('\n\n')
  const rest = parts.pop() ?? ''
  const events = parts.flatMap((part) => {
    const data = part
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => line.slice('data: '.length))
      .join('\n')
    return data ? [JSON.parse(data) as ServerEvent] : []
  })
  return { events, rest }
}
