/**
 * The changes (shared/change-types.ts) as the server last listed them:
 * read at the start, again when the server says a change moved, and after
 * each save (a page of a change edited again since it was submitted).
 */
import { useSyncExternalStore } from 'react'
import { call } from '../client/call.ts'
import { onServerEvent, startEvents } from '../client/events.ts'
import { openStates, type ChangeView } from '../shared/change-types.ts'

let changes: ChangeView[] = []
/** The same set while the files it holds stay the same: the pages list is drawn again only when one changes. */
let inReview: ReadonlySet<string> = new Set()
let failed = ''
const listeners = new Set<() => void>()
let reading: Promise<void> | undefined
let again = false
/** Who waits for a read begun after they asked (readChanges). */
let waiting: (() => void)[] = []

/** One read at a time; a read asked for while one runs happens once after it. */
function read(): void {
  if (reading) {
    again = true
    return
  }
  const answered = waiting
  waiting = []
  reading = call('GET /api/changes', {})
    .then(
      (list) => {
        changes = list
        failed = ''
        const next = list.flatMap((c) => (openStates.includes(c.state) ? c.files.filter((f) => !c.editedSince.includes(f)) : []))
        if (next.length !== inReview.size || next.some((f) => !inReview.has(f))) inReview = new Set(next)
      },
      (error: Error) => {
        failed = error.message
      },
    )
    .finally(() => {
      reading = undefined
      for (const listener of listeners) listener()
      for (const resolve of answered) resolve()
      if (again) {
        again = false
        read()
      }
    })
}

let started = false
const subscribe = (listener: () => void) => {
  if (!started) {
    started = true
    startEvents()
    onServerEvent((event) => void ((event.type === 'changes' || event.type === 'publish') && read()))
    read()
  }
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Read the list again, resolved once a read begun after this call has
 * ended: an action's panel says what it did only when its card shows it
 * (a read already running may have begun before the action).
 */
export function readChanges(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve)
    read()
  })
}

export function useChanges(): ChangeView[] {
  return useSyncExternalStore(subscribe, () => changes)
}

/** Paths (from the project root) in an open change with the text they have on disk now. */
export function useInReview(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, () => inReview)
}

/** Why the list could not be read, if it could not. */
export function useChangesFailed(): string {
  return useSyncExternalStore(subscribe, () => failed)
}
