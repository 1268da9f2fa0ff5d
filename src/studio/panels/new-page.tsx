import { memo, useEffect, useMemo, useState } from 'react'
import { call } from '../client/call.ts'
import type { LinkPlace } from '../forms/link-places.ts'
import { linkTargets, offeredAtMost, offeredTargets } from '../forms/link-targets.ts'
import type { FileSummary } from '../shared/api.ts'
import { listed, pageName, studioSentences } from '../shared/author-words.ts'
import { LinkPlaceChoices } from './link-place-choice.tsx'

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
  // The page to copy as typed: an address (or a title, to search by) offered from the pages as it is typed.
  const [copyOf, setCopyOf] = useState('')
  const [clearWords, setClearWords] = useState(false)
  // Undefined until the server answers: the form is drawn in its answered shape meanwhile (below).
  const [found, setFound] = useState<LinkPlace[]>()
  const [picked, setPicked] = useState<Set<string>>(new Set())
  const [error, setError] = useState('')
  // While the page is made: at 10,000 pages the site is read again before the answer, a second or more.
  const [making, setMaking] = useState(false)
  // Every page that can be copied, in the order of their addresses' words and numbers (p2 before p10).
  const pages = useMemo(() => {
    const routes = files.flatMap((f) => (f.route ? [f.route] : [])).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    return linkTargets({ routes, anchors: {}, titles: Object.fromEntries(files.flatMap((f) => (f.route && f.title ? [[f.route, f.title]] : []))) })
  }, [files])
  const wanted = copyOf.trim()
  const offered = useMemo(() => offeredTargets(pages, wanted), [pages, wanted])
  // The page copied: a page's address as typed, or the one page whose address or title holds what was typed.
  const like = !wanted ? '' : pages.some((p) => p.route === wanted) ? wanted : offered.length === 1 ? offered[0]!.route : ''

  useEffect(() => {
    let current = true
    call('GET /api/link-places', like ? { like } : {}).then(
      (answer) => {
        if (!current) return
        setFound(answer)
        // Where the copied page is linked, the copy is most likely wanted too.
        setPicked(new Set(answer.filter((p) => p.copyOf && !p.full).map((p) => p.id)))
      },
      () => current && setFound([]),
    )
    return () => {
      current = false
    }
  }, [like])

  const routeOf = new Map(files.map((f) => [f.file, f.route]))
  const places = found ?? []
  const copies = places.filter((p) => p.copyOf)
  const menus = places.filter((p) => !p.copyOf)
  const toggle = (id: string, on: boolean) => setPicked((now) => new Set(on ? [...now, id] : [...now].filter((p) => p !== id)))
  // The new link in each place's picture: the page's address once typed.
  const newLink = route.trim() || 'The new page'

  return (
    <form
      className="new-page"
      onSubmit={async (e) => {
        e.preventDefault()
        if (wanted && !like) return setError(`"${wanted}" is not one page to copy: ${copyHint(wanted, '', offered.length)} Or empty "Start from a copy of" for a blank page.`)
        setMaking(true)
        try {
          const linkFrom = places.filter((p) => picked.has(p.id)).map((p) => p.id)
          const made = await call('POST /api/create', { route: route.trim(), ...(like ? { like, clearWords } : {}), ...(linkFrom.length ? { linkFrom } : {}) })
          // Back to a fresh form: the next page starts from its own choices.
          setError('')
          setRoute('')
          setCopyOf('')
          setClearWords(false)
          setPicked(new Set())
          onCreated({ file: made.file, status: madeStatus(made.file, [...made.linked].sort((a, b) => Number(!routeOf.get(a)) - Number(!routeOf.get(b))).map(pageName), Boolean(like)) })
        } catch (err) {
          setError((err as Error).message)
        } finally {
          setMaking(false)
        }
      }}
      aria-busy={making}
    >
      <h2>New page</h2>
      <label>
        Address <input value={route} onChange={(e) => setRoute(e.target.value)} placeholder="/b2b/new-audience" required />
      </label>
      <label>
        Start from a copy of{' '}
        <input type="text" list="copy-of-pages" value={copyOf} onChange={(e) => setCopyOf(e.target.value)} placeholder="nothing: a blank page" aria-describedby="copy-of-hint" />
      </label>
      {/* The pages that hold what was typed, at most a few dozen: a list of every page (10,000 of them) is no help, and took most of a second to draw. */}
      <datalist id="copy-of-pages">
        {offered.map(({ route, label }) => (
          <option key={route} value={route} label={label} />
        ))}
      </datalist>
      <p id="copy-of-hint" className="hint" aria-live="polite">
        {copyHint(wanted, like && (pages.find((p) => p.route === like)?.label ?? like), offered.length)}
      </p>
      {like && (
        <label className="clear-words">
          <input type="checkbox" checked={clearWords} onChange={(e) => setClearWords(e.target.checked)} /> Empty its words for mine (keeps its blocks, links and pictures)
        </label>
      )}
      {/*
        Drawn before the places arrive, as a site with menus answers: had it
        appeared above Create page as the answer came, a click on the
        button could land on the fieldset instead (a test's did).
      */}
      {(found === undefined || places.length > 0) && (
        <fieldset className="link-places" aria-busy={found === undefined}>
          <legend>Link to the new page from</legend>
          <LinkPlaceChoices places={copies} picked={picked} onPick={toggle} newLink={newLink} copies />
          {(found === undefined || menus.length > 0) && (
            <details>
              <summary>The site's menus and footer</summary>
              <LinkPlaceChoices places={menus} picked={picked} onPick={toggle} newLink={newLink} copies={false} />
            </details>
          )}
          <p className="hint">Each new link waits for its words, listed under Problems on its page until it has them.</p>
        </fieldset>
      )}
      <button type="submit" disabled={making}>
        {making ? 'Making the page…' : 'Create page'}
      </button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
})

/** What "Start from a copy of" will do with what was typed (`copied`: the page it found, as offered), or why it finds no one page. */
function copyHint(typed: string, copied: string, offered: number): string {
  if (!typed) return "Empty: a blank page. Type a page's address or title to copy it."
  if (copied) return `A copy of ${copied}.`
  if (!offered) return `No page's address or title holds "${typed}".`
  return `${offered >= offeredAtMost ? `${offeredAtMost} or more pages` : `${offered} pages`} hold "${typed}": choose one of those offered, or type more of its address or title.`
}

function madeStatus(file: string, linkedFrom: string[], copied: boolean): string {
  const links = linkedFrom.length ? ` It is linked from ${listed(linkedFrom)}: those links wait for their words too, listed under Problems there.` : ''
  const words = copied ? ' Write its words: "Clear its words" on a block empties a copied one for yours.' : ' Write its words.'
  return `${studioSentences.madePage({ file })}${links}${words}`
}

