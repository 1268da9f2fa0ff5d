import { useState } from 'react'
import type { Problem } from '../../compiler/problems/problems.ts'
import { call } from '../client/call.ts'

/** Rename and Delete for a page (not for the site's settings), with the links they broke elsewhere. */
export function PageActions({ file, onDone }: { file: string; onDone: (file?: string) => void }) {
  const [message, setMessage] = useState('')
  const report = (broken: Problem[]) =>
    broken.length ? `Now ${broken.length} ${broken.length === 1 ? 'link needs' : 'links need'} fixing: ${[...new Set(broken.map((p) => p.file))].join(', ')}.` : ''
  if (file.startsWith('_')) return null
  return (
    <>
      <button
        onClick={async () => {
          const route = prompt('New address for this page (starting with /):')
          if (!route) return
          try {
            const moved = await call('POST /api/rename', { path: file, route })
            setMessage(report(moved.broken))
            onDone(moved.file)
          } catch (err) {
            setMessage((err as Error).message)
          }
        }}
      >
        Rename
      </button>
      <button
        onClick={async () => {
          if (!confirm(`Delete pages/${file}? Its published versions stay in History, where it can be restored.`)) return
          try {
            const removed = await call('POST /api/delete', { path: file })
            setMessage(report(removed.broken))
            onDone()
          } catch (err) {
            setMessage((err as Error).message)
          }
        }}
      >
        Delete
      </button>
      {message && <span className="action-message" role="alert">{message}</span>}
    </>
  )
}
