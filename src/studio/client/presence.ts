/**
 * This tab's side of "who else is here" (server/presence.ts): it says which
 * page it has open when that changes and every beat, and keeps the list the
 * server last told. Only the team studio has anyone else.
 */
import { useEffect, useSyncExternalStore } from 'react'
import { call } from './call.ts'
import { signedIn } from './signed-in.ts'
import { onServerEvent } from './events.ts'
import { presenceBeatMs, type HereNow } from '../shared/presence-types.ts'

const tab = crypto.randomUUID().replaceAll('-', '')
let here: HereNow[] = []
const listeners = new Set<() => void>()
const told = (list: HereNow[]) => {
  here = list
  for (const listener of listeners) listener()
}
onServerEvent((event) => void (event.type === 'presence' && told(event.here)))

/** Say `file` is open here (none: no page), now, every beat while it stays, and none when the tab goes. */
export function usePresenceOf(file: string | undefined): void {
  useEffect(() => {
    if (!signedIn) return
    const say = (keepalive = false) => call('POST /api/presence', { tab, ...(file ? { file } : {}) }, { keepalive }).then(told, () => {})
    void say()
    const beat = setInterval(() => void say(), presenceBeatMs)
    const leave = () => void call('POST /api/presence', { tab }, { keepalive: true }).catch(() => {})
    addEventListener('pagehide', leave)
    return () => {
      clearInterval(beat)
      removeEventListener('pagehide', leave)
    }
  }, [file])
}

/** The others who have `file` open now (this person's other tabs are not others). */
export function useOthersOn(file: string): HereNow[] {
  const list = useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    () => here,
  )
  const me = signedIn?.email.toLowerCase()
  return list.filter((h) => h.file === file && h.email.toLowerCase() !== me)
}
