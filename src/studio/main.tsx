/**
 * The studio: pages on the left, the open page's YAML in the middle, the
 * real page on the right at phone and desktop widths. This file only lays
 * the panels out and connects them to the open page (state/) and to the
 * address (#/pages/about-us.yaml says which page is open).
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { createRoot } from 'react-dom/client'
import { useEvent } from 'react-use'
import { previewChannel } from './client/preview-channel.ts'
import { onServerEvent, onSessionEnded, startEvents } from './client/events.ts'
import { DocumentStore } from './state/document-store.ts'
import { useLiveChanged, usePages, usePublishing, useUnpublished } from './state/project-store.ts'
import { useInReview } from './state/changes-store.ts'
import { HistoryPanel } from './publish/history-panel.tsx'
import { PublishPanel } from './publish/publish-panel.tsx'
import { ChangesPanel } from './publish/changes-panel.tsx'
import { EditorPanel } from './panels/editor-panel.tsx'
import { askFormModel } from './forms/form-model-request.ts'
import { isPublishKey } from './client/shortcuts.ts'
import { PagesPanel } from './panels/pages-panel.tsx'
import type { Made } from './panels/new-page.tsx'
import { PreviewPanel } from './panels/preview-panel.tsx'
import { HereToo } from './panels/here-too.tsx'
import { usePresenceOf } from './client/presence.ts'
import { pageState } from './panels/page-state.ts'
import '../styles/tokens.css'
import './studio.css'

const store = new DocumentStore()
const pagePrefix = '#/pages/'

// Out of the component, so the pages panel (memo) is not drawn again on each key typed.
const go = (file?: string) => (location.hash = file ? `${pagePrefix}${file}` : '#/')
const opened = ({ file, status }: Made) => {
  store.sayWhenOpened(file, status)
  go(file)
}

/** The open page's first field on the Form tab, or its text on the YAML tab, once it is drawn (within a few seconds). */
/** The tab is closing or going elsewhere: its draft is kept, and with unsaved edits the browser asks first. */
function onLeave(event: BeforeUnloadEvent): void {
  void store.flushDraft({ leaving: true })
  if (store.getSnapshot()?.dirty) event.preventDefault()
}

function focusFirstField(): void {
  const until = performance.now() + 3000
  const attempt = () => {
    const target = document.querySelector<HTMLElement>('#tab-panel-form:not([hidden]) :is(input, textarea, select), #tab-panel-yaml:not([hidden]) .cm-content')
    if (target) target.focus()
    else if (performance.now() < until) requestAnimationFrame(attempt)
  }
  requestAnimationFrame(attempt)
}

function Studio() {
  const open = useSyncExternalStore(store.subscribe, store.getSnapshot)
  const { drafts } = usePages()
  const { status } = usePublishing()
  const [refused, setRefused] = useState('')
  const [side, setSide] = useState<'none' | 'publish' | 'history' | 'changes'>('none')
  const [ended, setEnded] = useState(false)

  useEffect(() => {
    startEvents()
    // Asked now, beside the page's text: the form then draws as soon as the text is read. A failure here is asked again by the form.
    askFormModel().catch(() => {})
    const follow = () => {
      const file = decodeURIComponent(location.hash.slice(pagePrefix.length))
      if (!location.hash.startsWith(pagePrefix) || file === store.getSnapshot()?.file) return
      setRefused('')
      // Opened from the list: the keyboard goes on to the page, not left there (some 57 Tabs from its first field).
      const fromList = Boolean(document.activeElement?.closest('.files'))
      store.open(file).then(
        () => void (fromList && focusFirstField()),
        (error: Error) => {
          store.close()
          setRefused(error.message)
        },
      )
    }
    follow()
    addEventListener('hashchange', follow)
    const stops = [
      onServerEvent((event) => void (event.type === 'file' && store.diskEvent(event.path, event.hash))),
      onSessionEnded(() => setEnded(true)),
      // Ctrl+S in a preview frame saves too.
      previewChannel.listen((message) => void (message.type === 'save' && store.save())),
    ]
    return () => {
      removeEventListener('hashchange', follow)
      for (const stop of stops) stop()
    }
  }, [])

  // Ctrl+S saves wherever focus is (CodeMirror's own key is only in the text); Alt+Shift+P opens Publish, which takes the keyboard.
  const onKey = useCallback((event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
      event.preventDefault()
      void store.save()
    } else if (isPublishKey(event)) {
      event.preventDefault()
      setSide('publish')
    }
  }, [])
  useEvent('keydown', onKey)
  // Leaving with unsaved edits asks first; the draft is kept on the way out either way.
  useEvent('beforeunload', onLeave)

  usePresenceOf(open?.file)
  const togglePublish = useCallback(() => setSide((now) => (now === 'publish' ? 'none' : 'publish')), [])
  const toggleChanges = useCallback(() => setSide((now) => (now === 'changes' ? 'none' : 'changes')), [])
  const unpublished = useUnpublished()
  const liveChanged = useLiveChanged()
  const inReview = useInReview()
  const state = open && pageState(open.file, new Set(drafts), unpublished, open.dirty, liveChanged, inReview)
  // Unsaved edits are published too, saved first (Save and publish).
  const unsaved = open?.dirty
    ? {
        file: open.file,
        save: async () => {
          await store.save()
          return store.getSnapshot()?.dirty === false
        },
      }
    : undefined
  const panel =
    side === 'publish' ? (
      <PublishPanel onClose={() => setSide('none')} unsaved={unsaved} onProblem={(file, line, column) => store.jumpTo(file, line, column)} />
    ) : side === 'changes' ? (
      <ChangesPanel onClose={() => setSide('none')} onProblem={(file, line, column) => store.jumpTo(file, line, column)} />
    ) : side === 'history' && open ? (
      <HistoryPanel store={store} file={open.file} onClose={() => setSide('none')} />
    ) : undefined
  return (
    <div className="studio">
      {ended && (
        <p className="banner refused session-ended" role="alert">
          The studio was restarted. <button onClick={() => location.reload()}>Reload this page</button> to go on: your unsaved edits are kept.
        </p>
      )}
      <PagesPanel
        openFile={open?.file}
        onOpen={go}
        onCreated={opened}
        onPublish={togglePublish}
        onChanges={toggleChanges}
      />
      <EditorPanel
        store={store}
        state={state}
        refused={refused}
        onMoved={(file) => {
          // Deleted: nothing is open any more.
          if (!file) store.close()
          go(file)
        }}
        panel={panel}
        tools={
          <>
            {status && (
              <button aria-expanded={side === 'history'} onClick={() => setSide(side === 'history' ? 'none' : 'history')}>
                History
              </button>
            )}
            {open && <HereToo file={open.file} />}
          </>
        }
      />
      <PreviewPanel pageOpen={Boolean(open)} />
    </div>
  )
}

createRoot(document.getElementById('studio')!).render(<Studio />)
