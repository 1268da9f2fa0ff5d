/**
 * The studio: pages on the left, the YAML in the middle, the real page on
 * the right at phone and desktop widths. Every edit is checked by the
 * compiler (through the studio's server) a moment after typing stops.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import type { EditorView } from '@codemirror/view'
import type { JSONSchema7 } from 'json-schema'
import type { Problem } from '../compiler/problems/problems.ts'
import type { CatalogueEntry } from '../shared/catalogue.ts'
import type { CheckResult, FileSummary } from './server/project.ts'
import { call, q } from './api.ts'
import { createEditor, goToLine, insertBlock, insertText, offsetOf, showProblems, suggestionFix } from './editor.ts'
import { duplicateItemEdit } from './duplicate-item.ts'
import './studio.css'

/** Edit times and when their marks and preview appeared, for `npm run bench` (performance.now() ms). */
interface Timing {
  version: number
  edited: number
  /** When the server's answer arrived. */
  answered?: number
  marked?: number
  previewed?: number
}
declare global {
  interface Window {
    studio: { timings: Timing[]; view?: EditorView }
  }
}
window.studio = { timings: [] }

interface Open {
  file: string
  /** Hash of the file on disk as last read or written by the studio. */
  hash: string
  /** The text as last read or saved. */
  saved: string
}

const checkDelay = 30

function Studio() {
  const [files, setFiles] = useState<FileSummary[]>([])
  const [changed, setChanged] = useState<string[]>([])
  const [search, setSearch] = useState('')
  const [open, setOpen] = useState<Open>()
  const [problems, setProblems] = useState<Problem[]>([])
  const [stale, setStale] = useState(0)
  const [dirty, setDirty] = useState(false)
  const [status, setStatus] = useState('')
  const [refused, setRefused] = useState('')
  const [diskChanged, setDiskChanged] = useState<{ hash: string; text: string }>()
  const [panel, setPanel] = useState<'none' | 'blocks' | 'media'>('none')
  const editorBox = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView>(undefined)
  const openRef = useRef<Open>(undefined)
  const blockLines = useRef<number[]>([])
  const frames = useRef<HTMLIFrameElement[]>([])
  const lastRender = useRef<unknown>(undefined)
  const version = useRef(0)

  const refreshList = useCallback(async () => {
    const list = await call<{ files: FileSummary[]; changed: string[] }>('GET', '/api/pages')
    setFiles(list.files)
    setChanged(list.changed)
  }, [])

  const postToFrames = useCallback((message: unknown) => {
    for (const frame of frames.current) frame?.contentWindow?.postMessage(message, location.origin)
  }, [])

  // One check at a time; when it returns, the latest text is checked if it changed meanwhile.
  const checking = useRef<{ busy: boolean; again: boolean; timer?: number }>({ busy: false, again: false })
  const runCheck = useCallback(async () => {
    const state = checking.current
    if (state.busy) return void (state.again = true)
    const current = view.current
    const file = openRef.current?.file
    if (!current || !file) return
    state.busy = true
    const checkedVersion = version.current
    try {
      const result = await call<CheckResult>('POST', '/api/check', { path: file, text: current.state.doc.toString() })
      if (view.current !== current) return
      const timing = window.studio.timings.find((t) => t.version === checkedVersion)
      if (timing) timing.answered ??= performance.now()
      showProblems(current, result.problems)
      setProblems(result.problems)
      blockLines.current = result.blockLines
      requestAnimationFrame(() => {
        if (timing && timing.marked === undefined) timing.marked = performance.now()
      })
      if (result.page) {
        lastRender.current = { type: 'render', version: checkedVersion, page: result.page, site: result.site }
        postToFrames(lastRender.current)
        setStale(0)
      } else setStale(result.problems.length)
    } finally {
      state.busy = false
      if (state.again) {
        state.again = false
        void runCheck()
      }
    }
  }, [postToFrames])

  const onChange = useCallback(
    (v: EditorView) => {
      version.current++
      window.studio.timings.push({ version: version.current, edited: performance.now() })
      setDirty(v.state.doc.toString() !== openRef.current?.saved)
      clearTimeout(checking.current.timer)
      checking.current.timer = window.setTimeout(() => void runCheck(), checkDelay)
    },
    [runCheck],
  )

  const save = useCallback(
    async (force = false) => {
      const current = view.current
      const opened = openRef.current
      if (!current || !opened) return
      const text = current.state.doc.toString()
      try {
        const result = await call<{ hash: string; problems: Problem[] }>('PUT', `/api/file`, { path: opened.file, text, baseHash: opened.hash, force })
        openRef.current = { ...opened, hash: result.hash, saved: text }
        setOpen(openRef.current)
        setDiskChanged(undefined)
        setDirty(current.state.doc.toString() !== text)
        const n = result.problems.length
        setStatus(n ? `Saved pages/${opened.file} with ${n} ${n === 1 ? 'problem' : 'problems'}: the build refuses the page until they are fixed.` : `Saved pages/${opened.file}.`)
        void refreshList()
      } catch (error) {
        // A 409 is a changed file (choose a version) or a gone one (renamed or deleted elsewhere: the message says what to do).
        const disk = (error as { status?: number }).status === 409 ? await call<{ text: string; hash: string }>('GET', `/api/file?path=${q(opened.file)}`).catch(() => undefined) : undefined
        if (disk) {
          setDiskChanged(disk)
          setStatus('Not saved: the file changed on disk since you opened it. Choose below which version to keep.')
        } else setStatus(`Not saved: ${(error as Error).message}`)
      }
    },
    [refreshList],
  )
  const saveRef = useRef(save)
  saveRef.current = save

  const openFile = useCallback(
    async (file: string) => {
      setRefused('')
      let read: { text: string; hash: string }
      let schema: JSONSchema7
      try {
        ;[read, schema] = await Promise.all([call<{ text: string; hash: string }>('GET', `/api/file?path=${q(file)}`), call<JSONSchema7>('GET', `/api/schema?path=${q(file)}`)])
      } catch (error) {
        setRefused((error as Error).message)
        return
      }
      view.current?.destroy()
      openRef.current = { file, hash: read.hash, saved: read.text }
      setOpen(openRef.current)
      setDirty(false)
      setStatus('')
      setDiskChanged(undefined)
      setProblems([])
      setStale(0)
      lastRender.current = undefined
      view.current = createEditor(editorBox.current!, read.text, schema, { onChange, onSave: () => void saveRef.current() })
      window.studio.view = view.current
      void runCheck()
    },
    [onChange, runCheck],
  )

  // The address says which file is open: #/pages/about-us.yaml
  useEffect(() => {
    const follow = () => {
      const file = decodeURIComponent(location.hash.replace(/^#\/pages\//, ''))
      if (location.hash.startsWith('#/pages/') && file !== openRef.current?.file) void openFile(file)
    }
    follow()
    addEventListener('hashchange', follow)
    return () => removeEventListener('hashchange', follow)
  }, [openFile])

  useEffect(() => {
    void refreshList()
    const timer = setInterval(() => void refreshList(), 3000)
    return () => clearInterval(timer)
  }, [refreshList])

  // Another editor or git changing the open file: say so, never overwrite it silently.
  useEffect(() => {
    const timer = setInterval(async () => {
      const opened = openRef.current
      if (!opened) return
      try {
        const disk = await call<{ text: string; hash: string }>('GET', `/api/file?path=${q(opened.file)}`)
        if (openRef.current === opened && disk.hash !== opened.hash) setDiskChanged(disk)
      } catch {
        // Deleted or renamed meanwhile: the list shows it.
      }
    }, 1000)
    return () => clearInterval(timer)
  }, [])

  // Messages from the previews: ready (send it the page) and block clicks.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin) return
      const data = event.data as { type: string; index?: number; version?: number }
      if (data.type === 'ready' && lastRender.current) postToFrames(lastRender.current)
      if (data.type === 'block' && view.current) {
        const line = blockLines.current[data.index ?? -1]
        if (line) goToLine(view.current, line)
      }
      if (data.type === 'rendered') {
        const timing = window.studio.timings.find((t) => t.version === data.version)
        if (timing && timing.previewed === undefined) timing.previewed = performance.now()
      }
    }
    addEventListener('message', onMessage)
    return () => removeEventListener('message', onMessage)
  }, [postToFrames])

  const loadDiskVersion = () => {
    if (!diskChanged || !view.current || !openRef.current) return
    const current = view.current
    current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: diskChanged.text } })
    openRef.current = { ...openRef.current, hash: diskChanged.hash, saved: diskChanged.text }
    setOpen(openRef.current)
    setDirty(false)
    setDiskChanged(undefined)
    setStatus('Loaded the version on disk.')
  }

  const shown = files.filter((f) => {
    const words = search.trim().toLowerCase()
    return !words || [f.file, f.route, f.title].some((s) => s?.toLowerCase().includes(words))
  })
  const duplicateItem = () => {
    const current = view.current
    if (!current) return
    const edit = duplicateItemEdit(current.state.doc.toString(), current.state.selection.main.head)
    if (!edit) {
      setStatus('Put the cursor in a card, a testimonial, a bullet or another item of a list first: Duplicate this item copies it below itself. (Add a block adds a whole block.)')
      return
    }
    current.dispatch({ changes: { from: edit.from, insert: edit.insert }, selection: { anchor: edit.cursor }, scrollIntoView: true })
    setStatus('Copied the item below itself: now change its words, and its link if it has one.')
    current.focus()
  }

  const routes = files.filter((f) => f.route).map((f) => f.route!)

  return (
    <div className="studio">
      <aside className="files" aria-label="Pages">
        <h1>Studio</h1>
        <input type="search" placeholder="Search pages by address or title" aria-label="Search pages" value={search} onChange={(e) => setSearch(e.target.value)} />
        <ul className="file-list">
          {shown.map((f) => (
            <li key={f.file}>
              <a href={`#/pages/${f.file}`} aria-current={open?.file === f.file ? 'page' : undefined}>
                <span className="route">{f.route ?? f.file}</span>
                {f.title && <span className="title">{f.title}</span>}
                {f.problems > 0 && <span className="count" title={`${f.problems} problems`}>{f.problems}</span>}
              </a>
            </li>
          ))}
        </ul>
        <NewPage routes={routes} onCreated={(file) => void refreshList().then(() => (location.hash = `#/pages/${file}`))} />
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

      <section className="edit" aria-label="Editor">
        {refused && <p className="banner refused" role="alert">{refused}</p>}
        {open ? (
          <>
            <div className="toolbar">
              <strong className="file-name">pages/{open.file}{dirty ? ' •' : ''}</strong>
              <button onClick={() => void save()}>Save</button>
              <button aria-expanded={panel === 'blocks'} onClick={() => setPanel(panel === 'blocks' ? 'none' : 'blocks')}>Add a block</button>
              <button aria-expanded={panel === 'media'} onClick={() => setPanel(panel === 'media' ? 'none' : 'media')}>Pictures</button>
              <button onClick={duplicateItem} title="Copies the card, testimonial, bullet or other list item the cursor is in, below itself">
                Duplicate this item
              </button>
              <PageActions file={open.file} onDone={(file) => void refreshList().then(() => (location.hash = file ? `#/pages/${file}` : '#/'))} />
            </div>
            <p className="problems-summary" role="status">
              {problems.length ? `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}: the marked lines say what to change.` : 'No problems.'}
            </p>
            {status && <p className="banner status" role="status">{status}</p>}
            {diskChanged && (
              <div className="banner disk" role="alert">
                <p>pages/{open.file} changed on disk since you opened it (another editor, or git). Your text here was not saved over it.</p>
                <button onClick={loadDiskVersion}>Load the version on disk{dirty ? ' (drops your edits)' : ''}</button>
                <button onClick={() => void save(true)}>Save mine over it</button>
              </div>
            )}
            {/* A pick closes its panel and gives the text back the cursor: the next thing to do is type. */}
            {panel === 'blocks' && (
              <Palette
                onPick={(yaml) => {
                  if (view.current) insertBlock(view.current, yaml)
                  setPanel('none')
                  view.current?.focus()
                }}
              />
            )}
            {panel === 'media' && (
              <MediaPicker
                onPick={(path) => {
                  if (view.current) insertText(view.current, path)
                  setPanel('none')
                  setStatus(`Inserted ${path}. Now write its alt: yourself: what the picture shows, for people who cannot see it (or alt: "" if it is only decoration).`)
                  view.current?.focus()
                }}
              />
            )}
          </>
        ) : (
          !refused && <p className="hint">Choose a page on the left, or make a new one.</p>
        )}
        <div className="editor" ref={editorBox} hidden={!open} />
        {problems.length > 0 && open && (
          <ol className="problem-list" aria-label="Problems">
            {problems.map((p, i) => (
              <li key={i}>
                <button onClick={() => view.current && (view.current.dispatch({ selection: { anchor: offsetOf(view.current, p.line, p.column) } }), view.current.focus())}>
                  line {p.line}, column {p.column}
                </button>{' '}
                {p.message}
                {p.hint && <span className="problem-hint"> {p.hint}</span>}
                <FixButton problem={p} view={view.current} />
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="preview" aria-label="Preview">
        {stale > 0 && (
          <p className="banner stale" role="status">
            Preview not updated: {stale} {stale === 1 ? 'problem' : 'problems'}. It shows the page as it last was without problems.
          </p>
        )}
        <div className="frames">
          <figure>
            <figcaption>Phone, 375 px</figcaption>
            <iframe title="Preview at 375 pixels" className="phone" src="/preview.html" ref={(el) => void (frames.current[0] = el!)} />
          </figure>
          <figure className="desktop-figure">
            <figcaption>Desktop, 1280 px</figcaption>
            <div className="desktop-box">
              <iframe title="Preview at 1280 pixels" className="desktop" src="/preview.html" ref={(el) => void (frames.current[1] = el!)} />
            </div>
          </figure>
        </div>
      </section>
    </div>
  )
}

/** The CLI's suggestion as a button: one click writes it where the problem is. */
function FixButton({ problem, view }: { problem: Problem; view: EditorView | undefined }) {
  const fix = view && suggestionFix(view, problem)
  if (!fix) return null
  return (
    <button className="fix" onClick={() => (view.dispatch({ changes: fix }), view.focus())}>
      {fix.name}
    </button>
  )
}

function NewPage({ routes, onCreated }: { routes: string[]; onCreated: (file: string) => void }) {
  const [route, setRoute] = useState('')
  const [like, setLike] = useState('')
  const [error, setError] = useState('')
  return (
    <form
      className="new-page"
      onSubmit={async (e) => {
        e.preventDefault()
        try {
          const made = await call<{ file: string }>('POST', '/api/create', { route: route.trim(), like })
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
      <button type="submit">Create page</button>
      {error && <p className="error" role="alert">{error}</p>}
    </form>
  )
}

function PageActions({ file, onDone }: { file: string; onDone: (file?: string) => void }) {
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
            const moved = await call<{ file: string; broken: Problem[] }>('POST', '/api/rename', { path: file, route })
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
          if (!confirm(`Delete pages/${file}? Git still has it if it was committed.`)) return
          try {
            const removed = await call<{ broken: Problem[] }>('POST', '/api/delete', { path: file })
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

function Palette({ onPick }: { onPick: (yaml: string) => void }) {
  const [entries, setEntries] = useState<CatalogueEntry[]>([])
  useEffect(() => void call<CatalogueEntry[]>('GET', '/api/catalogue').then(setEntries), [])
  return (
    <div className="palette" role="dialog" aria-label="Add a block">
      <p>Click a block to add its example after the block your cursor is in; then replace the example's words with yours.</p>
      <ul>
        {entries.map((entry) => (
          <li key={entry.type}>
            <button disabled={!entry.examples[0]} onClick={() => entry.examples[0] && onPick(entry.examples[0].yaml)}>
              <strong>{entry.type}</strong> <span>{entry.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

function MediaPicker({ onPick }: { onPick: (path: string) => void }) {
  const [media, setMedia] = useState<{ path: string; kind: 'image' | 'video' }[]>([])
  const [filter, setFilter] = useState('')
  useEffect(() => void call<typeof media>('GET', '/api/media').then(setMedia), [])
  return (
    <div className="media" role="dialog" aria-label="Pictures and videos">
      <p>
        Put the cursor after <code>src: </code> and click a picture to insert its path. Then write its <code>alt:</code> text yourself: describe what the picture shows for
        people who cannot see it (or leave <code>alt: ""</code> if it is only decoration). The studio cannot write that for you.
      </p>
      <input type="search" placeholder="Filter by name" aria-label="Filter pictures" value={filter} onChange={(e) => setFilter(e.target.value)} />
      <ul>
        {media
          .filter((m) => m.path.includes(filter))
          .map((m) => (
            <li key={m.path}>
              <button onClick={() => onPick(m.path)} title={m.path}>
                {m.kind === 'video' ? <video src={m.path} muted preload="metadata" /> : <img src={m.path} alt="" loading="lazy" />}
                <span>{m.path.split('/').pop()}</span>
              </button>
            </li>
          ))}
      </ul>
    </div>
  )
}

createRoot(document.getElementById('studio')!).render(<Studio />)
