/**
 * What the studio knows of the whole project, as the server's event stream
 * last said it: the pages with their problem counts, the files changed in
 * this session, and which pages hold unsaved drafts.
 */
import { useSyncExternalStore } from 'react'
import type { PagesAnswer } from '../shared/api.ts'
import type { PublishProgress, PublishStatus, PublishStep } from '../shared/publish-types.ts'
import { onServerEvent, startEvents } from '../client/events.ts'
import { unpublishedPaths } from './unpublished.ts'

let pages: PagesAnswer = { files: [], changed: [], media: [], lastWrite: {}, drafts: [] }
/** Whether the server has sent the pages yet: until then the empty list above means nothing. */
let pagesArrived = false
/** Undefined until the server has told it (or when the project is not a git repository). */
let publishing: { status?: PublishStatus; step?: PublishStep; progress?: PublishProgress } = {}
let unpublished: ReadonlySet<string> | undefined
let liveChanged: ReadonlySet<string> = new Set()
const listeners = new Set<() => void>()

onServerEvent((event) => {
  if (event.type === 'pages') {
    pages = keepingUnchanged(pages, event.pages)
    pagesArrived = true
  } else if (event.type === 'drafts') pages = { ...pages, drafts: event.drafts }
  else if (event.type === 'publish') publishing = { status: event.status }
  else if (event.type === 'publish-step') publishing = { ...publishing, step: event.step, ...(event.progress ? { progress: event.progress } : { progress: undefined }) }
  else return
  if (event.type !== 'publish-step') {
    // The same set while its paths stay the same: the pages list is drawn again only when one changes.
    const next = unpublishedPaths(publishing.status, pages.lastWrite)
    if (!next || !unpublished || next.size !== unpublished.size || [...next].some((path) => !unpublished!.has(path))) unpublished = next
    const live = publishing.status?.liveChanged ?? []
    if (live.length !== liveChanged.size || live.some((path) => !liveChanged.has(path))) liveChanged = new Set(live)
  }
  for (const listener of listeners) listener()
})


/**
 * The new answer, with each part that says what the last one said kept as
 * the same array: a save or a change on disk sends the whole answer again,
 * and the pages list (one row per page, thousands of them) is drawn again
 * only for a part that changed.
 */
function keepingUnchanged(last: PagesAnswer, next: PagesAnswer): PagesAnswer {
  const same = <T,>(a: T[], b: T[]) => a.length === b.length && JSON.stringify(a) === JSON.stringify(b)
  return {
    ...next,
    files: same(last.files, next.files) ? last.files : next.files,
    changed: same(last.changed, next.changed) ? last.changed : next.changed,
    media: same(last.media, next.media) ? last.media : next.media,
    drafts: same(last.drafts, next.drafts) ? last.drafts : next.drafts,
  }
}

const subscribe = (listener: () => void) => {
  startEvents()
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function usePages(): PagesAnswer {
  return useSyncExternalStore(subscribe, () => pages)
}

/** False until the server has first sent the pages. */
export function usePagesArrived(): boolean {
  return useSyncExternalStore(subscribe, () => pagesArrived)
}

export function usePublishing(): { status?: PublishStatus; step?: PublishStep; progress?: PublishProgress } {
  return useSyncExternalStore(subscribe, () => publishing)
}

/** Paths (from the project root) the live site changed since this copy took it in (PublishStatus's liveChanged). */
export function useLiveChanged(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, () => liveChanged)
}

/** Paths (from the project root) saved but not live (see unpublishedPaths); undefined with no publish status. */
export function useUnpublished(): ReadonlySet<string> | undefined {
  return useSyncExternalStore(subscribe, () => unpublished)
}
