import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { EditorView } from '@codemirror/view'
import type { Problem } from '../../compiler/problems/problems.ts'
import type { DocumentStore } from '../state/document-store.ts'
import { TextEditor } from '../text-editor/text-editor.tsx'
import { goToLine, insertBlock, insertText, offsetOf } from '../text-editor/editor.ts'
import { FormView } from '../forms/form-view.tsx'
import { duplicateItemEdit } from '../text-editor/duplicate-item.ts'
import { MediaPicker } from './media-picker.tsx'
import { PageActions, type ActionNotice } from './page-actions.tsx'
import { Palette } from './palette.tsx'
import { ProblemList } from './problem-list.tsx'
import { UndoButtons } from './undo-buttons.tsx'
import { stateLabels, type PageState } from './page-state.ts'
import { usePages } from '../state/project-store.ts'
import { call } from '../client/call.ts'
import { pageName, studioSentences } from '../shared/author-words.ts'

/** Which tab the author last used, kept across pages and reloads. */
const tabKey = 'studio-tab'

/** The open page: its toolbar and state, what the studio says about it, the YAML, and its problems. */
export function EditorPanel({ store, state, refused, onMoved, tools, panel: sidePanel }: { store: DocumentStore; state: PageState | undefined; refused: string; onMoved: (file?: string) => void; tools?: React.ReactNode; panel?: React.ReactNode }) {
  const open = useSyncExternalStore(store.subscribe, store.getSnapshot)
  const [view, setView] = useState<EditorView>()
  // Kept with the file they were found in: until the open file's first check
  // answers, the last file's problems are not this one's (its form would send
  // "Go to the next problem" to a field that has none).
  const [checked, setChecked] = useState<{ file: string; problems: Problem[] }>()
  const [panel, setPanel] = useState<'none' | 'blocks' | 'media'>('none')
  // What the last rename or delete did: said while its page is open (none, after a delete), gone once another is.
  const [notice, setNotice] = useState<ActionNotice>()
  const noticeShown = notice && notice.file === open?.file ? notice : undefined
  const putBack = async (file: string) => {
    try {
      const { relinked } = await call('POST /api/restore-deleted', { path: file })
      setNotice({ text: studioSentences.putBack({ file, relinked }), file })
      onMoved(file)
    } catch (err) {
      setNotice({ text: (err as Error).message, file: undefined })
    }
  }
  const relink = async ({ from, to }: { from: string; to: string }) => {
    try {
      const { relinked } = await call('POST /api/relink', { from, to })
      setNotice({ text: studioSentences.relinked({ route: to, files: relinked }), file: open?.file })
    } catch (err) {
      setNotice({ text: (err as Error).message, file: open?.file })
    }
  }
  // While the studio reads every page at its start, a page's check leaves out the rules across pages.
  const { checking, unread } = usePages()
  const checkingAll = checking === true
  const [tab, setTab] = useState<'form' | 'yaml'>(() => (localStorage.getItem(tabKey) === 'yaml' ? 'yaml' : 'form'))
  const onProblems = useCallback((file: string, problems: Problem[]) => setChecked({ file, problems }), [])
  const problems = open && checked?.file === open.file ? checked.problems : undefined
  const show = (next: 'form' | 'yaml') => {
    setTab(next)
    localStorage.setItem(tabKey, next)
  }

  // A place asked for (a problem's link in the Publish panel): shown in the text, once the page it is in is open there.
  const jump = useSyncExternalStore(store.subscribe, store.getJump)
  useEffect(() => {
    if (!jump || !view || jump.file !== open?.file) return
    // The text shown first, and the place taken on the next run: a hidden editor takes the cursor but not the focus.
    if (tab !== 'yaml') return show('yaml')
    const place = store.takeJump()
    if (!place) return
    const at = offsetOf(view, place.line, place.column)
    view.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) })
    view.focus()
  }, [jump, view, open?.file, tab])

  const duplicateItem = () => {
    if (!view) return
    const edit = duplicateItemEdit(view.state.doc.toString(), view.state.selection.main.head)
    if (!edit) return store.say('Put the cursor in a card, a testimonial, a bullet or another item of a list first: Duplicate this item copies it below itself. (Add a block adds a whole block.)')
    view.dispatch({ changes: { from: edit.from, insert: edit.insert }, selection: { anchor: edit.cursor }, scrollIntoView: true })
    store.say('Copied the item below itself: now change its words, and its link if it has one.')
    view.focus()
  }

  return (
    <section className="edit" aria-label="Editor">
      {refused && <p className="banner refused" role="alert">{refused}</p>}
      {noticeShown && (
        <p className="banner status action-notice" role="alert">
          {noticeShown.text}
          {noticeShown.deleted && (
            <>
              {' '}
              <button onClick={() => void putBack(noticeShown.deleted!)}>Put it back</button>
            </>
          )}
          {noticeShown.relink && (
            <>
              {' '}
              <button onClick={() => void relink(noticeShown.relink!)}>Change them to lead to {noticeShown.relink.to}</button>
            </>
          )}
        </p>
      )}
      {sidePanel}
      {open ? (
        <>
          <div className="toolbar">
            <strong className="file-name">{pageName(open.file)}{open.dirty ? ' •' : ''}</strong>
            {state && (
              <span className={`state ${state}`} title={stateLabels[state].long}>
                {stateLabels[state].short}
              </span>
            )}
            <button onClick={() => void store.save()}>Save</button>
            <button disabled={!open.dirty} onClick={() => void store.discard()} title="Drops your unsaved edits: the page goes back to its saved text">
              Discard changes
            </button>
            <UndoButtons view={view} store={store} />
            <PageActions file={open.file} onDone={onMoved} onNotice={setNotice} />
            {tools}
          </div>
          <div className="tabs">
            {/* The tab list holds only its tabs; the YAML tab's tools sit beside it. */}
            <div className="tab-list" role="tablist" aria-label="How to edit the page">
              <button role="tab" id="tab-form" aria-selected={tab === 'form'} aria-controls="tab-panel-form" onClick={() => show('form')}>
                Form
              </button>
              <button role="tab" id="tab-yaml" aria-selected={tab === 'yaml'} aria-controls="tab-panel-yaml" onClick={() => show('yaml')}>
                YAML
              </button>
            </div>
            {tab === 'yaml' && (
              <span className="yaml-tools">
                <button aria-expanded={panel === 'blocks'} onClick={() => setPanel(panel === 'blocks' ? 'none' : 'blocks')}>Add a block</button>
                <button aria-expanded={panel === 'media'} onClick={() => setPanel(panel === 'media' ? 'none' : 'media')}>Pictures</button>
                <button onClick={duplicateItem} title="Copies the card, testimonial, bullet or other list item the cursor is in, below itself">
                  Duplicate this item
                </button>
              </span>
            )}
          </div>
          <p className="problems-summary" role="status">
            {!problems ? 'Checking the page…' : problems.length ? `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}: the marked ${tab === 'form' ? 'fields' : 'lines'} say what to change.` : unread !== undefined ? 'No problems in the page itself. Not every page could be read, so it is not compared with the others.' : checkingAll ? 'No problems in the page itself. It is compared with the other pages once they are all read.' : 'No problems.'}
            {open.draft && !open.draft.restored && <span className="draft-kept"> Unsaved edits kept as a draft.</span>}
          </p>
          {open.status && <p className="banner status" role="status">{open.status}</p>}
          {open.diskChanged && (
            <div className="banner disk" role="alert">
              <p>{studioSentences.changedElsewhere({ file: open.file })}</p>
              <button onClick={() => store.loadDisk()}>Load the version on disk{open.dirty ? ' (drops your edits)' : ''}</button>
              <button onClick={() => void store.save(true)}>Save mine over it</button>
            </div>
          )}
          {/* A pick closes its panel and gives the text back the cursor: the next thing to do is type. */}
          {panel === 'blocks' && (
            <Palette
              onPick={(yaml) => {
                if (view) insertBlock(view, yaml)
                setPanel('none')
                view?.focus()
              }}
            />
          )}
          {panel === 'media' && (
            <MediaPicker
              onPick={(path) => {
                if (view) insertText(view, path)
                setPanel('none')
                store.say(`Inserted ${path}. Now write its alt: yourself: what the picture shows, for people who cannot see it (or alt: "" if it is only decoration).`)
                view?.focus()
              }}
            />
          )}
          {/* Keyed by the file, so another page's form starts at its top, not at the scroll of the last one. */}
          {tab === 'form' && (
            <div key={open.file} role="tabpanel" id="tab-panel-form" aria-labelledby="tab-form" className="form-panel">
              <FormView
                store={store}
                file={open.file}
                kind={open.kind}
                problems={problems ?? []}
                onShowYaml={(line) => {
                  show('yaml')
                  if (view) requestAnimationFrame(() => goToLine(view, line))
                }}
              />
            </div>
          )}
          {/* The text view stays mounted under the form: it runs the checks and feeds the preview for both. */}
          <div role="tabpanel" id="tab-panel-yaml" aria-labelledby="tab-yaml" hidden={tab !== 'yaml'} className="yaml-panel">
            <p className="hint yaml-keys" id="yaml-keys">
              In the text, Tab indents the line. To move on with the keyboard, press Esc, then Tab.
            </p>
            <TextEditor key={open.file} store={store} file={open.file} onView={setView} onProblems={onProblems} />
            <ProblemList problems={problems ?? []} view={view} />
          </div>
        </>
      ) : (
        !refused && !sidePanel && <p className="hint">Choose a page on the left, or make a new one.</p>
      )}
    </section>
  )
}
