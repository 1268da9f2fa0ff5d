import { useState } from 'react'
import type { Field } from '../fields.ts'
import { useForm, type Path } from '../form-context.ts'
import { GroupField } from './group-field.tsx'
import { clearWordsEdits } from '../word-edits.ts'
import { studioSentences } from '../../shared/author-words.ts'

/** The page's blocks, top to bottom: each a card with its own form; add one from the catalogue, move, remove. */
export function BlocksField({ field, path, value }: { field: Field & { kind: 'blocks' }; path: Path; value: unknown }) {
  const { edit, editAll, blocks } = useForm()
  const items = Array.isArray(value) ? value : []
  const canRemove = field.minItems === undefined || items.length > field.minItems
  const named = items.map((item, i) => {
    const type = item && typeof item === 'object' ? String((item as Record<string, unknown>).type ?? (item as Record<string, unknown>).use ?? '') : ''
    const form = blocks.find((b) => b.type === type)
    return { item, form, name: `Block ${i + 1}: ${form?.label ?? ((item as Record<string, unknown>)?.use ? `shared block "${type}"` : type || 'without a type')}` }
  })
  return (
    <section className="blocks" aria-label="Blocks">
      <h2>Blocks</h2>
      {items.length > 1 && <BlockOutline names={named.map((n) => n.name)} />}
      {named.map(({ item, form, name }, i) => {
        return (
          <section key={i} className="block-card" aria-label={name} data-block={i}>
            <div className="block-head">
              <h3 id={blockHeadingId(i)} tabIndex={-1}>
                {name}
              </h3>
              <button type="button" disabled={i === 0} onClick={() => edit({ op: 'move', path, from: i, to: i - 1 })} aria-label={`Move block ${i + 1} up`}>
                ↑
              </button>
              <button type="button" disabled={i === items.length - 1} onClick={() => edit({ op: 'move', path, from: i, to: i + 1 })} aria-label={`Move block ${i + 1} down`}>
                ↓
              </button>
              {form && (
                <button
                  type="button"
                  disabled={!clearWordsEdits(form.field, item, [...path, i]).length}
                  onClick={() => editAll(clearWordsEdits(form.field, item, [...path, i]))}
                  aria-label={`Clear the words of block ${i + 1}`}
                  title="Empties every text of this block for you to write your own; keeps its layout, its links with their labels, and its pictures with what they show (Undo brings the words back)"
                >
                  Clear its words
                </button>
              )}
              <button type="button" disabled={!canRemove} onClick={() => edit({ op: 'remove', path: [...path, i] })} aria-label={`Remove block ${i + 1}`}>
                Remove
              </button>
            </div>
            {form?.help && <p className="field-help">{form.help}</p>}
            {form ? <GroupField field={form.field} path={[...path, i]} value={item} bare /> : <p className="field-help">{studioSentences.blockEditedAsText()}</p>}
            <AddBlock at={i + 1} path={path} label={`Add a block after block ${i + 1}`} />
          </section>
        )
      })}
      {items.length === 0 && <AddBlock at={0} path={path} label="Add a block" />}
    </section>
  )
}

const blockHeadingId = (index: number) => `form-block-${index}`

/** Bring a block's card to the top of the form, with the focus on its heading. */
function goToBlock(index: number): void {
  const heading = document.getElementById(blockHeadingId(index))
  heading?.scrollIntoView({ block: 'start' })
  heading?.focus({ preventScroll: true })
}

/**
 * The page's blocks as a list of buttons at the top of the form: a keyboard
 * user goes to block 9 in one press instead of tabbing through the fields
 * of the eight before it (about a hundred on a detail page).
 */
function BlockOutline({ names }: { names: string[] }) {
  return (
    <nav className="block-outline" aria-label="Go to a block">
      <ol>
        {names.map((name, i) => (
          <li key={i}>
            <button type="button" onClick={() => goToBlock(i)}>
              {name}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  )
}

function AddBlock({ at, path, label }: { at: number; path: Path; label: string }) {
  const { edit, blocks } = useForm()
  const [type, setType] = useState('')
  const chosen = blocks.find((b) => b.type === type)
  return (
    <div className="add-block" role="group" aria-label={label}>
      <select aria-label={`${label}: which kind`} value={type} onChange={(e) => setType(e.target.value)}>
        <option value="">{label}…</option>
        {blocks.map((b) => (
          <option key={b.type} value={b.type}>
            {b.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        disabled={!chosen}
        onClick={() => {
          if (!chosen) return
          // The catalogue's example, for the author to replace its words.
          edit({ op: 'insert', path, index: at, value: chosen.example ?? { type: chosen.type } })
          setType('')
          // The new card, drawn by the next frame, is where the author goes on (and the preview with it).
          requestAnimationFrame(() => goToBlock(at))
        }}
      >
        Add
      </button>
    </div>
  )
}
