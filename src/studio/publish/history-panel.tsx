/**
 * A page's history: its published versions (author, date, message, and
 * what each changed on the page in page terms; the newest is the live one),
 * each shown in the preview on request and restorable into the editor as an
 * ordinary unsaved edit. History itself never changes: a restore is a new
 * edit, saved and published like any other.
 */
import { useEffect, useState } from 'react'
import { call } from '../client/call.ts'
import { useTakeFocus } from '../client/take-focus.ts'
import { previewChannel } from '../client/preview-channel.ts'
import type { DocumentStore } from '../state/document-store.ts'
import type { Version } from '../shared/publish-types.ts'
import { DiffLines } from './diff-view.tsx'
import { studioSentences } from '../shared/author-words.ts'

export const dateOf = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** Show a text of the page in the previews (not the editor): checked like any edit, shown if it renders. */
async function preview(file: string, text: string): Promise<boolean> {
  const result = await call('POST /api/check', { path: file, text })
  if (!result.page) return false
  previewChannel.render({ type: 'render', version: -1, page: result.page, ...(result.site ? { site: result.site } : {}), fromTop: true })
  return true
}

export function HistoryPanel({ store, file, onClose }: { store: DocumentStore; file: string; onClose: () => void }) {
  const [versions, setVersions] = useState<Version[]>()
  const [error, setError] = useState('')
  const [shown, setShown] = useState<Version>()
  const heading = useTakeFocus()

  useEffect(() => {
    setVersions(undefined)
    call('GET /api/history', { path: file }).then(setVersions, (e: Error) => setError(e.message))
  }, [file])

  const textOf = async (version: Version) => (await call('GET /api/version', { path: version.path.replace(/^pages\//, ''), commit: version.commit })).text
  const show = async (version: Version) => {
    if (await preview(file, await textOf(version))) setShown(version)
    else setError(`The version of ${dateOf(version.date)} does not pass today's checks, so the preview cannot show it; Restore still loads its text.`)
  }
  const back = async () => {
    setShown(undefined)
    await preview(file, store.current)
  }
  const restore = async (version: Version) => {
    store.replace(await textOf(version), `Restored the version of ${dateOf(version.date)} by ${version.author} as an unsaved edit: Save keeps it, Discard changes drops it.`)
    setShown(undefined)
  }
  const backToPublished = async () => {
    const { text } = await call('GET /api/published', { path: file })
    if (text === null) return setError('This page has never been published.')
    store.replace(text, 'Loaded the published version as an unsaved edit: Save keeps it, Discard changes drops it.')
  }

  return (
    <section className="history" aria-label={studioSentences.historyOf({ file })}>
      <div className="publish-head">
        <h2 ref={heading} tabIndex={-1}>
          History
        </h2>
        <button onClick={backToPublished}>Go back to the published version</button>
        <button
          onClick={() => {
            if (shown) void back()
            onClose()
          }}
        >
          Close
        </button>
      </div>
      {error && <p className="banner refused" role="alert">{error}</p>}
      {shown && (
        <p className="banner status" role="status">
          The preview shows the version of {dateOf(shown.date)} by {shown.author}. Your text is unchanged. <button onClick={() => void back()}>Back to your text</button>
        </p>
      )}
      {!versions ? (
        !error && <p>Reading the history…</p>
      ) : versions.length === 0 ? (
        <p>This page has no published versions yet.</p>
      ) : (
        <ol className="versions">
          {versions.map((version, i) => (
            <li key={version.commit} aria-current={shown?.commit === version.commit ? 'true' : undefined}>
              {i === 0 && <strong className="version-live">The live version</strong>} <span className="version-when">{dateOf(version.date)}</span> <span className="version-who">{version.author}</span>
              <span className="version-what">{version.message}</span>
              {version.lines && (
                <details className="version-lines">
                  <summary>{i === versions.length - 1 ? 'The page as it began' : `What changed on this page (${version.lines.length})`}</summary>
                  <DiffLines lines={version.lines} />
                </details>
              )}
              <button onClick={() => void show(version)}>Show in preview</button>
              <button onClick={() => void restore(version)}>Restore</button>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
