import { useState } from 'react'
import { call } from '../client/call.ts'
import type { DeletedPage } from '../shared/publish-types.ts'
import { dateOf } from './history-panel.tsx'

/** Pages deleted in the history: each can be put back as it last was, as a saved page not yet published. */
export function DeletedPages({ onRestored }: { onRestored: (file: string) => void }) {
  const [pages, setPages] = useState<DeletedPage[]>()
  const [error, setError] = useState('')
  return (
    <details className="deleted" onToggle={(e) => (e.currentTarget.open ? void call('GET /api/deleted', {}).then(setPages, (err: Error) => setError(err.message)) : undefined)}>
      <summary>Deleted pages</summary>
      {error && <p className="error" role="alert">{error}</p>}
      {pages?.length === 0 && <p>No page has been deleted.</p>}
      <ul>
        {pages?.map((page) => (
          <li key={page.path}>
            <span className="route">{page.route ?? page.path}</span>
            <span className="title">
              deleted {dateOf(page.deletedIn.date)} by {page.deletedIn.author}
            </span>
            <button
              onClick={async () => {
                try {
                  const { file } = await call('POST /api/restore-deleted', { path: page.path.replace(/^pages\//, ''), commit: page.lastVersion })
                  setPages(pages.filter((p) => p !== page))
                  onRestored(file)
                } catch (err) {
                  setError((err as Error).message)
                }
              }}
            >
              Restore {page.route ?? page.path}
            </button>
          </li>
        ))}
      </ul>
    </details>
  )
}
