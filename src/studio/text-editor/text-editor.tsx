/**
 * The YAML text view of the open page (state/document-store.ts): CodeMirror
 * with the compiler's checks a moment after typing stops, their marks, and
 * the page sent to the previews whenever it has no problems.
 */
import { useEffect, useRef, useState } from 'react'
import type { EditorView } from '@codemirror/view'
import type { JSONSchema7 } from 'json-schema'
import type { Problem } from '../../compiler/problems/problems.ts'
import { call } from '../client/call.ts'
import { onServerEvent } from '../client/events.ts'
import { previewChannel } from '../client/preview-channel.ts'
import type { DocumentStore } from '../state/document-store.ts'
import { createEditor, goToLine, showProblems } from './editor.ts'
import { minimalChange } from '../../compiler/yaml-edit/index.ts'

/** Edit times and when their marks and preview appeared, for `npm run bench` (performance.now() ms). */
interface Timing {
  version: number
  edited: number
  /** When the server's answer arrived. */
  answered?: number
  marked?: number
  previewed?: number
}
declare global {
  interface Window {
    studio: { timings: Timing[]; view?: EditorView }
  }
}
window.studio = { timings: [] }

const checkDelay = 30

export function TextEditor({ store, file, onView, onProblems }: { store: DocumentStore; file: string; onView: (view: EditorView | undefined) => void; onProblems: (file: string, problems: Problem[]) => void }) {
  const box = useRef<HTMLDivElement>(null)
  const [failed, setFailed] = useState('')

  useEffect(() => {
    let view: EditorView | undefined
    let gone = false
    let version = 0
    let blockLines: number[] = []
    /** Whether this file has been previewed yet (its first render starts at its top). */
    let rendered = false
    // One check at a time; when it returns, the latest text is checked if it changed meanwhile.
    const checking = { busy: false, again: false, timer: 0 }
    const crlf = store.getSnapshot()?.lineBreak === '\r\n'
    const toEditor = (text: string) => (crlf ? text.replaceAll('\r\n', '\n') : text)
    const fromEditor = (text: string) => (crlf ? text.replaceAll('\n', '\r\n') : text)

    const runCheck = async (): Promise<void> => {
      if (checking.busy) return void (checking.again = true)
      const current = view
      if (!current) return
      checking.busy = true
      const checkedVersion = version
      try {
        const result = await call('POST /api/check', { path: file, text: store.current })
        if (view !== current) return
        const timing = window.studio.timings.find((t) => t.version === checkedVersion)
        if (timing) timing.answered ??= performance.now()
        showProblems(current, result.problems)
        onProblems(file, result.problems)
        blockLines = result.blockLines
        requestAnimationFrame(() => {
          if (timing && timing.marked === undefined) timing.marked = performance.now()
        })
        if (result.page) {
          // The page's first render in this editor starts at its top, not where the page before was scrolled.
          previewChannel.render({ type: 'render', version: checkedVersion, page: result.page, ...(result.site ? { site: result.site } : {}), ...(rendered ? {} : { fromTop: true }) })
          rendered = true
        }
        // The site settings have no page of their own: their header and footer show over the page last previewed.
        else if (result.site && !result.problems.length) previewChannel.renderSite(result.site)
        else previewChannel.stale(result.problems.length)
      } catch {
        // The studio stopped, or the page went: the event stream says which.
      } finally {
        checking.busy = false
        if (checking.again) {
          checking.again = false
          void runCheck()
        }
      }
    }
    const scheduleCheck = () => {
      clearTimeout(checking.timer)
      checking.timer = window.setTimeout(() => void runCheck(), checkDelay)
    }

    void call('GET /api/schema', { path: file }).then(
      (schema) => {
        if (gone || !box.current) return
        const text = store.current
        view = createEditor(
          box.current,
          toEditor(text),
          // The same JSON Schema, in the type codemirror-json-schema names it by.
          schema as JSONSchema7,
          {
            onChange: (v) => {
              version++
              window.studio.timings.push({ version, edited: performance.now() })
              store.edit(fromEditor(v.state.doc.toString()))
              scheduleCheck()
            },
            onSave: () => void store.save(),
          },
          !crlf && text.includes('\r'),
        )
        window.studio.view = view
        onView(view)
        void runCheck()
      },
      (error: Error) => setFailed(error.message),
    )

    // Text from elsewhere (a form's edit, a restored version) goes in as one small change, so the cursor and undo stay sane.
    const stopReplace = store.onReplace((text) => {
      if (!view) return
      const change = minimalChange(view.state.doc.toString(), toEditor(text))
      if (change.from !== change.to || change.insert) view.dispatch({ changes: change })
    })
    const stopPreview = previewChannel.listen((message) => {
      // Only while the YAML tab is shown; under the form, the form takes the click.
      if (message.type === 'block' && view && box.current?.offsetParent) {
        const line = blockLines[message.index]
        if (line) goToLine(view, line)
      }
      if (message.type === 'rendered') {
        const timing = window.studio.timings.find((t) => t.version === message.version)
        if (timing && timing.previewed === undefined) timing.previewed = performance.now()
      }
    })
    // What this page is checked against includes every other page (the rules
    // across pages, links to their ids): when they change, or at the studio's
    // start are all read for the first time, it is checked again.
    const stopPages = onServerEvent((event) => {
      if (event.type === 'pages' && view) scheduleCheck()
    })
    return () => {
      gone = true
      clearTimeout(checking.timer)
      stopPages()
      stopReplace()
      stopPreview()
      view?.destroy()
      view = undefined
      window.studio.view = undefined
      onView(undefined)
      previewChannel.forget()
    }
  }, [store, file, onView, onProblems])

  return (
    <>
      {failed && <p className="banner refused" role="alert">{failed}</p>}
      <div className="editor" ref={box} />
    </>
  )
}
