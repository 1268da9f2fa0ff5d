import { useSyncExternalStore } from 'react'
import { redo, redoDepth, undo, undoDepth } from '@codemirror/commands'
import type { EditorView } from '@codemirror/view'
import type { DocumentStore } from '../state/document-store.ts'

/**
 * Undo and Redo for every change to the open page, from the form or the
 * text: each form edit reaches the text editor as a change of its own, so
 * the editor's history holds them all (a removed block, a moved card, a
 * discard). Buttons, not Ctrl+Z, which a text field keeps for its own words.
 */
export function UndoButtons({ view, store }: { view: EditorView | undefined; store: DocumentStore }) {
  // Drawn again on each change of the text, when the history's depth changes.
  useSyncExternalStore(store.subscribeText, store.getTextVersion)
  if (!view) return null
  return (
    <>
      <button type="button" disabled={undoDepth(view.state) === 0} onClick={() => undo(view)} title="Takes back your last change, made in the form or the YAML">
        Undo
      </button>
      <button type="button" disabled={redoDepth(view.state) === 0} onClick={() => redo(view)} title="Makes again the change you took back">
        Redo
      </button>
    </>
  )
}
