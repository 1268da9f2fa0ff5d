import { memo, useEffect, useMemo, useRef, useState } from 'react'
import { useLiveChanged, usePages, usePagesArrived, usePublishing, useUnpublished } from '../state/project-store.ts'
import { useChanges, useInReview } from '../state/changes-store.ts'
import { DeletedPages } from '../publish/deleted-pages.tsx'
import { isEditor, signedIn, type SignedIn } from '../client/signed-in.ts'
import { NewPage, type Made } from './new-page.tsx'
import { PeoplePanel } from './people-panel.tsx'
import { AddPasskey } from './add-passkey.tsx'
import { pageState, stateLabels, type PageState } from './page-state.ts'
import { fileName, pageName, sentenceStart, studioSentences } from '../shared/author-words.ts'
import { withoutCopies } from '../../shared/media-copies.ts'
import { publishKeys } from '../client/shortcuts.ts'

/**
 * The pages, searchable, each with its state and problem count; New page
 * below them. Drawn again only when its own props or the pages change, not
 * on each key typed in the open page, which draws the studio around it
 * again: at 10,000 pages, the list and New page's choice of a page to copy
 * made each key wait (docs/measurements.md, "The studio's waits"). The
 * studio's callbacks are stable for that.
 */
export const PagesPanel = memo(function PagesPanel({ openFile, onOpen, onCreated, onPublish, onChanges }: { openFile: string | undefined; onOpen: (file: string) => void; onCreated: (made: Made) => void; onPublish: () => void; onChanges: () => void }) {
  const { files, changed, media, drafts, checking, unread } = usePages()
  const waiting = useChanges().filter((c) => (isEditor ? c.state === 'in-review' || c.state === 'approved' : c.state === 'changes-requested')).length
  const { status } = usePublishing()
  const unpublished = useUnpublished()
  const [search, setSearch] = useState('')
  return (
    <aside className="files" aria-label="Pages">
      <div className="files-head">
        <h1>Studio</h1>
        {status && (
          <button className="primary" onClick={onPublish} aria-keyshortcuts={publishKeys} title={`${isEditor ? 'Shows what is saved but not live, then publishes it' : 'Shows what is saved but not live: an editor publishes it'} (${publishKeys})`}>
            {isEditor ? 'Publish' : 'Not live yet'}
            {/* Counted as Publish lists them: a picture with its copies is one. */}
            {unpublished?.size ? ` (${withoutCopies(unpublished).length})` : ''}
          </button>
        )}
        {status && (
          <button onClick={onChanges} title={isEditor ? 'Changes put up for review: read, comment, approve and publish them' : 'Submit your saved work for review, and read what editors said'}>
            Changes{waiting ? ` (${waiting} ${isEditor ? 'to review' : 'sent back'})` : ''}
          </button>
        )}
      </div>
      {signedIn && <Account person={signedIn} />}
      <input type="search" placeholder="Search pages by address or title" aria-label="Search pages" value={search} onChange={(e) => setSearch(e.target.value)} />
      <CheckingStatus checking={checking === true} unread={unread} count={files.filter((f) => f.route).length} />
      <PageList files={files} drafts={drafts} unpublished={unpublished} openFile={openFile} search={search} />
      <NewPage files={files} onCreated={onCreated} />
      {isEditor && (
        <DeletedPages
          onRestored={(file, commit, relinked) =>
            onCreated({
              file,
              status: studioSentences.putBack({ file, version: commit?.slice(0, 7), relinked }),
            })
          }
        />
      )}
      {signedIn && isEditor && <PeoplePanel />}
      {changed.length + media.length > 0 && (
        <section className="changed" aria-label="Changed in this session">
          <h2>Changed in this session</h2>
          <ul>
            {changed.map((f) => (
              <li key={f}>{sentenceStart(pageName(f))}</li>
            ))}
            {media.map((f) => (
              <li key={f}>{sentenceStart(fileName(`public/${f}`))}</li>
            ))}
          </ul>
        </section>
      )}
    </aside>
  )
})

type Files = ReturnType<typeof usePages>['files']

/** How long "All … pages are checked" stays: long enough to be read, then the list speaks for itself. */
const doneShownMs = 10_000

/**
 * The first read of every page, in a live region that stays in the page
 * from the start: a screen reader hears "Checking all …", then that the
 * check is done, or that it failed. A region taken away as the check ends
 * (as this one was) says nothing, so its last words were never heard.
 */
function CheckingStatus({ checking, unread, count }: { checking: boolean; unread: string | undefined; count: number }) {
  const [done, setDone] = useState(false)
  const wasChecking = useRef(false)
  useEffect(() => {
    if (checking) {
      wasChecking.current = true
      setDone(false)
      return
    }
    if (!wasChecking.current) return
    wasChecking.current = false
    setDone(true)
    const timer = setTimeout(() => setDone(false), doneShownMs)
    return () => clearTimeout(timer)
  }, [checking])
  const pages = `${count.toLocaleString('en')} pages`
  const text =
    unread !== undefined
      ? `Not every page could be read (${unread}), so the list has no titles or problem counts, and pages are not compared with each other. Saving still works: close the studio and start it again to see them.`
      : checking
        ? `Checking all ${pages}. You can open and edit one meanwhile; titles and problem counts appear when the check is done.`
        : done
          ? `All ${pages} are checked.`
          : ''
  return (
    <p className={unread !== undefined ? 'banner stale checking unread' : 'hint checking'} role="status">
      {text}
    </p>
  )
}

/**
 * Rows listed at most: a site of 10,000 pages took seconds to draw a row
 * each, and nobody scrolls through them; the search finds any page.
 */
const listedAtMost = 200

/** The list itself: not drawn again for a key typed in New page's fields. */
const PageList = memo(function PageList({ files, drafts, unpublished, openFile, search }: { files: Files; drafts: readonly string[]; unpublished: ReadonlySet<string> | undefined; openFile: string | undefined; search: string }) {
  const words = search.trim().toLowerCase()
  const shown = useMemo(() => files.filter((f) => !words || [f.file, f.route, f.title].some((s) => s?.toLowerCase().includes(words))), [files, words])
  const withDrafts = useMemo(() => new Set(drafts), [drafts])
  const liveChanged = useLiveChanged()
  const inReview = useInReview()
  const arrived = usePagesArrived()
  const listed = shown.length > listedAtMost ? shown.slice(0, listedAtMost) : shown
  // Until the pages arrive the list keeps the room it will take (at most
  // 40% of the height), so New page and People below it do not move when
  // they come: a click aimed at one could land beside it.
  if (!arrived)
    return (
      <div className="file-list arriving" aria-busy="true">
        <p className="hint">Reading the pages…</p>
      </div>
    )
  return (
    <>
      {shown.length === 0 && <p className="hint">No page has "{search.trim()}" in its address or title.</p>}
      {listed.length < shown.length && (
        <p className="hint" role="status">
          The first {listedAtMost} of {shown.length.toLocaleString('en')} pages{words ? ` with "${search.trim()}"` : ''}: search by address or title for the others.
        </p>
      )}
      <ul className="file-list">
        {listed.map((f) => (
          <PageRow key={f.file} page={f} state={pageState(f.file, withDrafts, unpublished, false, liveChanged, inReview)} current={openFile === f.file} />
        ))}
      </ul>
    </>
  )
})

/** One page's row: drawn again only when its page, state or being open changes (a draft kept redraws one row, not thousands). */
const PageRow = memo(function PageRow({ page: f, state, current }: { page: Files[number]; state: PageState | undefined; current: boolean }) {
  return (
    <li>
      <a href={`#/pages/${f.file}`} aria-current={current ? 'page' : undefined}>
        <span className="route">{f.route ?? sentenceStart(pageName(f.file))}</span>
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
})

/** Who is signed in, with their role, a passkey to add and the way out. Sign out is a plain form: the server ends the session and answers with the sign-in page. */
function Account({ person }: { person: SignedIn }) {
  return (
    <div className="account">
      <form method="post" action="/sign-out">
        <span>
          Signed in as {person.name} <span className="account-role">({person.role})</span>
        </span>{' '}
        <button type="submit">Sign out</button>
      </form>
      <AddPasskey />
    </div>
  )
}
