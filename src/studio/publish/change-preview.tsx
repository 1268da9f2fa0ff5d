/**
 * A page as a change has it, drawn by the real preview (preview.html) in a
 * frame of its own: the reviewer sees the site with the change, not the
 * working copy, which may have moved on since it was submitted.
 */
import { useEffect, useRef, useState } from 'react'
import { call } from '../client/call.ts'
import type { RenderMessage } from '../shared/preview-messages.ts'

export function ChangePreview({ file, commit }: { file: string; commit: string }) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [said, setSaid] = useState('Drawing the page as this change has it…')
  const [message, setMessage] = useState<RenderMessage>()

  useEffect(() => {
    let gone = false
    const path = file.replace(/^pages\//, '')
    void (async () => {
      try {
        const { text } = await call('GET /api/version', { path, commit })
        const checked = await call('POST /api/check', { path, text })
        if (gone) return
        if (!checked.page) setSaid(`This version of the page has ${checked.problems.length} ${checked.problems.length === 1 ? 'problem' : 'problems'}, so it cannot be drawn: ${checked.problems[0]?.message ?? ''}`)
        else {
          setMessage({ type: 'render', version: 1, page: checked.page, ...(checked.site ? { site: checked.site } : {}), fromTop: true })
          setSaid('')
        }
      } catch (error) {
        if (!gone) setSaid((error as Error).message)
      }
    })()
    return () => void (gone = true)
  }, [file, commit])

  // The frame says "ready" when its app has started; it is sent the page then (and at once if it already is).
  useEffect(() => {
    if (!message) return
    const send = () => frame.current?.contentWindow?.postMessage(message, location.origin)
    const onMessage = (event: MessageEvent) => {
      if (event.origin === location.origin && event.source === frame.current?.contentWindow && (event.data as { type?: string })?.type === 'ready') send()
    }
    addEventListener('message', onMessage)
    send()
    return () => removeEventListener('message', onMessage)
  }, [message])

  return (
    <figure className="change-preview">
      <figcaption>{said || `Preview of ${file} in this change, 1280 px wide`}</figcaption>
      <div className="desktop-box">
        <iframe ref={frame} title={`Preview of ${file} in this change`} className="desktop" src="/preview.html" hidden={!message} />
      </div>
    </figure>
  )
}
