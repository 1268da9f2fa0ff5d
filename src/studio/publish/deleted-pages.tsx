import { useEffect, useState } from 'react'
import { call } from '../client/call.ts'
import { usePages } from '../state/project-store.ts'
import type { DeletedHere, DeletedPage } from '../shared/publish-types.ts'
import { dateOf } from './history-panel.tsx'
import { fileName } from '../shared/author-words.ts'

/**
 * Pages deleted, each of which can be put back as a saved page not yet
 * published: one deleted in the studio as it was when deleted (the studio
 * kept its text), one deleted in the history as it last was there. Read
 * when opened, and again while open whenever the pages change, so a page
 * just deleted is there at once.
 */
export function DeletedPages({ onRestored }: { onRestored: (file: string, commit: string | undefined, relinked: string[]) => void }) {
  const { files } = usePages()
  const [open, setOpen] = useState(false)
  const [pages, setPages] = useState<(DeletedHere | DeletedPage)[]>()
  const [error, setError] = useState('')
  // The page being put back: at 10,000 pages the site is read again first, a second or more.
  const [restoring, setRestoring] = useState<string>()
  useEffect(() => {
    if (!open) return
    let current = true
    call('GET /api/deleted', {}).then(
      (found) => current && (setPages(found), setError('')),
      (err: Error) => current && setError(err.message),
    )
    return () => void (current = false)
  }, [open, files])
  return (
    <details className="deleted" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Deleted pages</summary>
      {error && <p className="error" role="alert">{error}</p>}
      {pages?.length === 0 && <p>No page has been deleted.</p>}
      <ul>
        {pages?.map((page) => (
          <li key={page.path}>
            <span className="route">{fileName(page.path)}</span>
            <span className="title">{'deletedAt' in page ? `deleted ${dateOf(page.deletedAt)} in the studio, as it was then` : `deleted ${dateOf(page.deletedIn.date)} by ${page.deletedIn.author}`}</span>
            <button
              disabled={restoring !== undefined}
              onClick={async () => {
                setRestoring(page.path)
                try {
                  const commit = 'lastVersion' in page ? page.lastVersion : undefined
                  const { file, relinked } = await call('POST /api/restore-deleted', { path: page.path.replace(/^pages\//, ''), ...(commit ? { commit } : {}) })
                  setPages(pages.filter((p) => p !== page))
                  onRestored(file, commit, relinked)
                } catch (err) {
                  setError((err as Error).message)
                } finally {
                  setRestoring(undefined)
                }
              }}
            >
              {restoring === page.path ? `Putting back ${fileName(page.path)}…` : `Restore ${fileName(page.path)}`}
            </button>
          </li>
        ))}
      </ul>
    </details>
  )
}
