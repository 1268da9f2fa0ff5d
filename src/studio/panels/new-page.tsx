import { useState } from 'react'
import { call } from '../client/call.ts'

/** New page: an address, and a blank starter or a copy of another page, with its words or emptied for the author's (new-page's rules, on the server). */
export function NewPage({ routes, onCreated }: { routes: string[]; onCreated: (file: string) => void }) {
  const [route, setRoute] = useState('')
  const [like, setLike] = useState('')
  const [clearWords, setClearWords] = useState(false)
  const [error, setError] = useState('')
  return (
    <form
      className="new-page"
      onSubmit={async (e) => {
        e.preventDefault()
        try {
          const made = await call('POST /api/create', { route: route.trim(), ...(like ? { like, clearWords } : {}) })
          setError('')
          setRoute('')
          onCreated(made.file)
        } catch (err) {
          setError((err as Error).message)
        }
      }}
    >
      <h2>New page</h2>
      <label>
        Address <input value={route} onChange={(e) => setRoute(e.target.value)} placeholder="/b2b/new-audience" required />
      </label>
      <label>
        Start from{' '}
        <select value={like} onChange={(e) => setLike(e.target.value)}>
          <option value="">a blank page</option>
          {routes.map((r) => (
            <option key={r} value={r}>
              a copy of {r}
            </option>
          ))}
        </select>
      </label>
      {like && (
        <label className="clear-words">
          <input type="checkbox" checked={clearWords} onChange={(e) => setClearWords(e.target.checked)} /> Empty its words for mine (keeps its blocks, links and pictures)
        </label>
      )}
      <button type="submit">Create page</button>
      {error && <p className="error" role="alert">{error}</p>}
    </form>
  )
}
