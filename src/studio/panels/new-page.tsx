import { memo, useCallback, useEffect, useRef, useState } from 'react'
import { call } from '../client/call.ts'
import type { LinkPlace } from '../forms/link-places.ts'
import type { FileSummary } from '../shared/api.ts'

/** How long after the pages arrive the pages to copy are listed anyway (see useListedLater). */
const listAfterMs = 2000

/** What New page made, and the sentence that tells the author what is next. */
export interface Made {
  file: string
  status: string
}

/**
 * New page: an address, and a blank starter or a copy of another page, with
 * its words or emptied for the author's (new-page's rules, on the server).
 * A copy can be linked, in the same step, from wherever the page it copies
 * is (its hub's card), and any page from the site's menus and footer: each
 * new link keeps the copied one's symbol and picture and waits for its words.
 */
// Memo: a search typed in the pages list leaves its choice of pages to copy (one per page) as it is.
export const NewPage = memo(function NewPage({ files, onCreated }: { files: FileSummary[]; onCreated: (made: Made) => void }) {
  const [route, setRoute] = useState('')
  const [like, setLike] = useState('')
  const [clearWords, setClearWords] = useState(false)
  const [places, setPlaces] = useState<LinkPlace[]>([])
  const [picked, setPicked] = useState<Set<string>>(new Set())
  const [error, setError] = useState('')
  const [listed, list] = useListedLater(files.length > 0)
  const select = useRef<HTMLSelectElement>(null)
  // Listed while the select had focus (a keyboard went straight to it): the new one takes it.
  const hadFocus = useRef(false)
  useEffect(() => {
    if (listed && hadFocus.current) select.current?.focus()
  }, [listed])

  useEffect(() => {
    let current = true
    call('GET /api/link-places', like ? { like } : {}).then(
      (found) => {
        if (!current) return
        setPlaces(found)
        // Where the copied page is linked, the copy is most likely wanted too.
        setPicked(new Set(found.filter((p) => p.copyOf && !p.full).map((p) => p.id)))
      },
      () => current && setPlaces([]),
    )
    return () => {
      current = false
    }
  }, [like])

  const routeOf = new Map(files.map((f) => [f.file, f.route]))
  const copies = places.filter((p) => p.copyOf)
  const menus = places.filter((p) => !p.copyOf)
  const toggle = (id: string, on: boolean) => setPicked((now) => new Set(on ? [...now, id] : [...now].filter((p) => p !== id)))
  const choice = (place: LinkPlace, text: string) => (
    <label key={place.id} className="link-place">
      <input type="checkbox" checked={picked.has(place.id)} disabled={Boolean(place.full)} onChange={(e) => toggle(place.id, e.target.checked)} /> {text}
      {place.full && <span className="hint"> (full: {place.full})</span>}
    </label>
  )

  return (
    <form
      className="new-page"
      onPointerEnter={list}
      onFocus={(e) => {
        hadFocus.current = (e.target as Element) === select.current
        list()
      }}
      onSubmit={async (e) => {
        e.preventDefault()
        try {
          const linkFrom = places.filter((p) => picked.has(p.id)).map((p) => p.id)
          const made = await call('POST /api/create', { route: route.trim(), ...(like ? { like, clearWords } : {}), ...(linkFrom.length ? { linkFrom } : {}) })
          // Back to a fresh form: the next page starts from its own choices.
          setError('')
          setRoute('')
          setLike('')
          setClearWords(false)
          setPicked(new Set())
          onCreated({ file: made.file, status: madeStatus(made.file, [...made.linked].sort((a, b) => Number(!routeOf.get(a)) - Number(!routeOf.get(b))).map((f) => routeOf.get(f) ?? 'the site settings'), Boolean(like)) })
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
        {/* Made anew once its pages are listed: React placing thousands of options into a select already drawn took it most of a second (each looks for its neighbour). */}
        <select ref={select} key={listed ? 'pages' : 'none'} value={like} onChange={(e) => setLike(e.target.value)}>
          <option value="">a blank page</option>
          {(listed ? files : []).flatMap((f) =>
            f.route ? (
              <option key={f.route} value={f.route}>
                a copy of {f.route}
              </option>
            ) : (
              []
            ),
          )}
        </select>
      </label>
      {like && (
        <label className="clear-words">
          <input type="checkbox" checked={clearWords} onChange={(e) => setClearWords(e.target.checked)} /> Empty its words for mine (keeps its blocks, links and pictures)
        </label>
      )}
      {places.length > 0 && (
        <fieldset className="link-places">
          <legend>Link to the new page from</legend>
          {copies.map((place) => choice(place, `${routeOf.get(place.file) ?? 'Site settings'}: ${place.label}, copied for it`))}
          {menus.length > 0 && (
            <details>
              <summary>The site's menus and footer</summary>
              {menus.map((place) => choice(place, place.label))}
            </details>
          )}
          <p className="hint">Each new link waits for its words, listed under Problems on its page until it has them.</p>
        </fieldset>
      )}
      <button type="submit">Create page</button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
})

function madeStatus(file: string, linkedFrom: string[], copied: boolean): string {
  const links = linkedFrom.length ? ` It is linked from ${listed(linkedFrom)}: those links wait for their words too, listed under Problems there.` : ''
  const words = copied ? ' Write its words: "Clear its words" on a block empties a copied one for yours.' : ' Write its words.'
  return `Made pages/${file} and saved it: it goes on the site when you publish.${links}${words}`
}

const listed = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`)

/**
 * Whether the pages to copy are listed yet, and a call that lists them now.
 * At 10,000 pages their options took a quarter of a second to draw and
 * style, in the same moments as the studio's first preview. So they are
 * listed when the author comes near the form (a pointer over it, focus in
 * it), or once the browser is idle a while after the pages arrive.
 */
function useListedLater(ready: boolean): [boolean, () => void] {
  const [listed, setListed] = useState(false)
  useEffect(() => {
    if (!ready || listed) return
    let idle = 0
    const timer = setTimeout(() => (idle = requestIdleCallback(() => setListed(true), { timeout: 3000 })), listAfterMs)
    return () => {
      clearTimeout(timer)
      cancelIdleCallback(idle)
    }
  }, [ready, listed])
  return [listed, useCallback(() => setListed(true), [])]
}
