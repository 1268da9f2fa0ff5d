import { useEffect, useRef, useState } from 'react'
import { isEditor } from '../client/signed-in.ts'
import type { Problem } from '../../compiler/problems/problems.ts'
import { routeFromFile } from '../../shared/routes.ts'
import { call } from '../client/call.ts'
import { studioSentences } from '../shared/author-words.ts'

/**
 * What a rename or delete did, said by the editor: for the page it leaves
 * open (`file`, the renamed page's new file), or, after a delete, while no
 * page is open. Kept by the editor, not by these buttons, which go with the
 * page a delete closes: its report was never seen.
 */
export interface ActionNotice {
  text: string
  file: string | undefined
  /** A page just deleted (path under pages/), which the notice offers to put back as it was. */
  deleted?: string
  /** A page just moved, whose old address some links still lead to: the notice offers to change them to its new one. */
  relink?: { from: string; to: string }
}

/** The pages whose links a rename or delete broke, as the notice names them. */
function brokenLinks(broken: Problem[]): string {
  return studioSentences.brokenLinks({ links: broken.length, paths: [...new Set(broken.map((p) => p.file))] })
}

/** What Delete asks: the page, the links that go with it (by page), those left to change by hand, and that Restore puts all back. */
function deleteQuestion(file: string, links: { file: string; removable: boolean }[]): string {
  const files = (removable: boolean) => [...new Set(links.filter((l) => l.removable === removable).map((l) => l.file))]
  const goingLinks = links.filter((l) => l.removable).length
  return studioSentences.deleteQuestion({ file, going: files(true), goingLinks, left: files(false), leftLinks: links.length - goingLinks })
}

/** Rename and Delete for a page (not for the site's settings), saying what they did and the links they broke elsewhere. */
export function PageActions({ file, onDone, onNotice }: { file: string; onDone: (file?: string) => void; onNotice: (notice: ActionNotice) => void }) {
  const [renaming, setRenaming] = useState<'no' | 'yes' | 'cancelled'>('no')
  // At 10,000 pages the site is read again before a delete is answered, a second or more.
  const [deleting, setDeleting] = useState(false)
  const renameButton = useRef<HTMLButtonElement>(null)
  // A keyboard that cancelled a rename is back where it was.
  useEffect(() => {
    if (renaming === 'cancelled') renameButton.current?.focus()
  }, [renaming])
  // An author's studio offers neither: an editor changes a page's address or takes it away (the server refuses them to an author too).
  if (file.startsWith('_') || !isEditor) return null
  if (renaming === 'yes') return <RenameForm file={file} onDone={(moved) => (setRenaming(moved ? 'no' : 'cancelled'), moved && onDone(moved))} onNotice={onNotice} />
  return (
    <>
      <button ref={renameButton} onClick={() => setRenaming('yes')}>
        Rename
      </button>
      <button
        disabled={deleting}
        onClick={async () => {
          const { links } = await call('GET /api/links-to', { path: file }).catch(() => ({ links: [] }))
          if (!confirm(deleteQuestion(file, links))) return
          setDeleting(true)
          try {
            const removed = await call('POST /api/delete', { path: file, withLinks: links.some((l) => l.removable) })
            onNotice({ text: `${studioSentences.deleted({ file, unlinked: removed.unlinked })}${brokenLinks(removed.broken)}`, file: undefined, deleted: file })
            onDone()
          } catch (err) {
            onNotice({ text: (err as Error).message, file })
          } finally {
            setDeleting(false)
          }
        }}
      >
        {deleting ? 'Deleting…' : 'Delete'}
      </button>
    </>
  )
}

/**
 * The page's new address, in place of Rename and Delete: its address now to
 * start from, Enter (or Move) to move it, Esc (or Cancel) to leave it. A
 * refusal (an address taken or not allowed) is said under the field, which
 * stays for another try.
 */
function RenameForm({ file, onDone, onNotice }: { file: string; onDone: (moved?: string) => void; onNotice: (notice: ActionNotice) => void }) {
  const own = routeFromFile(file)
  const [route, setRoute] = useState(own.kind === 'route' ? own.route : '')
  const [refused, setRefused] = useState('')
  const [moving, setMoving] = useState(false)
  return (
    <form
      className="rename-form"
      aria-busy={moving}
      onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), onDone())}
      onSubmit={async (e) => {
        e.preventDefault()
        setMoving(true)
        try {
          const moved = await call('POST /api/rename', { path: file, route: route.trim() })
          const from = routeFromFile(file)
          const to = routeFromFile(moved.file)
          const relink = moved.broken.length && from.kind === 'route' && to.kind === 'route' ? { relink: { from: from.route, to: to.route } } : {}
          onNotice({ text: `${studioSentences.moved({ route: route.trim() })}${brokenLinks(moved.broken)}`, file: moved.file, ...relink })
          onDone(moved.file)
        } catch (err) {
          setRefused((err as Error).message)
          setMoving(false)
        }
      }}
    >
      <label>
        New address <input value={route} onChange={(e) => (setRoute(e.target.value), setRefused(''))} autoFocus required aria-describedby="rename-refused" />
      </label>
      <button type="submit" disabled={moving}>
        {moving ? 'Moving…' : 'Move'}
      </button>
      <button type="button" onClick={() => onDone()}>
        Cancel
      </button>
      <span id="rename-refused" className="error" role="alert">
        {refused}
      </span>
    </form>
  )
}
