import { useState } from 'react'
import { usePages, usePublishing } from '../state/project-store.ts'
import { DeletedPages } from '../publish/deleted-pages.tsx'
import { NewPage, type Made } from './new-page.tsx'
import { pageState, stateLabels } from './page-state.ts'

/** The pages, searchable, each with its state and problem count; New page below them. */
export function PagesPanel({ openFile, onOpen, onCreated, onPublish }: { openFile: string | undefined; onOpen: (file: string) => void; onCreated: (made: Made) => void; onPublish: () => void }) {
  const { files, changed, drafts } = usePages()
  const { status } = usePublishing()
  const unpublished = status && new Set(status.changes.map((c) => c.path))
  const [search, setSearch] = useState('')
  const words = search.trim().toLowerCase()
  const shown = files.filter((f) => !words || [f.file, f.route, f.title].some((s) => s?.toLowerCase().includes(words)))
  const withDrafts = new Set(drafts)
  return (
    <aside className="files" aria-label="Pages">
      <div className="files-head">
        <h1>Studio</h1>
        {status && (
          <button className="primary" onClick={onPublish} title="Shows what is saved but not live, then publishes it">
            Publish{status.changes.length ? ` (${status.changes.length})` : ''}
          </button>
        )}
      </div>
      <input type="search" placeholder="Search pages by address or title" aria-label="Search pages" value={search} onChange={(e) => setSearch(e.target.value)} />
      {shown.length === 0 && <p className="hint">No page has "{search.trim()}" in its address or title.</p>}
      <ul className="file-list">
        {shown.map((f) => {
          const state = pageState(f.file, withDrafts, unpublished)
          return (
            <li key={f.file}>
              <a href={`#/pages/${f.file}`} aria-current={openFile === f.file ? 'page' : undefined}>
                <span className="route">{f.route ?? f.file}</span>
                {f.title && <span className="title">{f.title}</span>}
                {state && state !== 'published' && (
                  <span className={`state ${state}`} title={stateLabels[state].long}>
                    {stateLabels[state].short}
                  </span>
                )}
                {f.problems > 0 && <span className="count" title={`${f.problems} problems`}>{f.problems}</span>}
              </a>
            </li>
          )
        })}
      </ul>
      <NewPage files={files} onCreated={onCreated} />
      {status && <DeletedPages onRestored={onOpen} />}
      {changed.length > 0 && (
        <section className="changed" aria-label="Changed in this session">
          <h2>Changed in this session</h2>
          <ul>
            {changed.map((f) => (
              <li key={f}>pages/{f}</li>
            ))}
          </ul>
        </section>
      )}
    </aside>
  )
}
