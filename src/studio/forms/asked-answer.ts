/**
 * An answer of the studio's API that only some fields use (the places a
 * link may go, the site's pictures and videos), fetched when a field first
 * asks for it, and again whenever the project changes after that, so a
 * picker never offers what was there when the form opened.
 *
 * Not fetched as the form opens: at 10,000 pages the answers are
 * megabytes, which would then be read and drawn in the same moments as the
 * studio's first preview, and again on every change of the pages (a draft
 * kept or dropped included), by forms whose fields never ask for them
 * (docs/measurements.md, "The studio's waits").
 */
import { useCallback, useEffect, useState } from 'react'
import { call } from '../client/call.ts'
import type { Answer } from '../shared/api.ts'

type Asked = 'GET /api/targets' | 'GET /api/media'

/** The answer as `shape` (a function of the module, not of a render) makes it, undefined until it first arrives, and the call that asks for it. */
export function useAskedAnswer<R extends Asked, T>(name: R, project: unknown, shape: (answer: Answer<R>) => T): [T | undefined, () => void] {
  const [asked, setAsked] = useState(false)
  const [value, setValue] = useState<T>()
  useEffect(() => {
    if (!asked) return
    let current = true
    call(name, {}).then(
      (answer) => current && setValue(shape(answer)),
      // The studio stopped: the event stream says so; the picker keeps what it had.
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [asked, project, name, shape])
  return [value, useCallback(() => setAsked(true), [])]
}
