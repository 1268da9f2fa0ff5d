/**
 * What the studio knows of the whole project, as the server's event stream
 * last said it: the pages with their problem counts, the files changed in
 * this session, and which pages hold unsaved drafts.
 */
import { useSyncExternalStore } from 'react'
import type { PagesAnswer } from '../shared/api.ts'
import { onServerEvent, startEvents } from '../client/events.ts'

let pages: PagesAnswer = { files: [], changed: [], drafts: [] }
const listeners = new Set<() => void>()

onServerEvent((event) => {
  if (event.type !== 'pages') return
  pages = event.pages
  for (const listener of listeners) listener()
})

const subscribe = (listener: () => void) => {
  startEvents()
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function usePages(): PagesAnswer {
  return useSyncExternalStore(subscribe, () => pages)
}
