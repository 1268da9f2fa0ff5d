import { useState } from 'react'
import { usePages } from '../state/project-store.ts'
import { NewPage } from './new-page.tsx'
import { pageState, stateLabels } from './page-state.ts'

/** The pages, searchable, each with its state and problem count; New page below them. */
export function PagesPanel({ openFile, unpublished, onCreated }: { openFile: string | undefined; unpublished: ReadonlySet<string> | undefined; onCreated: (file: string) => void }) {
  const { files, changed, drafts } = usePages()
  const [search, setSearch] = useState('')
  const words = search.trim().toLowerCase()
  const shown = files.filter((f) => !words || [f.file, f.route, f.title].some((s) => s?.toLowerCase().includes(words)))
  const withDrafts = new Set(drafts)
  return (
    <aside className="files" aria-label="Pages">
      <h1>Studio</h1>
      <input type="search" placeholder="Search pages by address or title" aria-label="Search pages" value={search} onChange={(e) => setSearch(e.target.value)} />
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
      <NewPage routes={files.flatMap((f) => (f.route ? [f.route] : []))} onCreated={onCreated} />
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
