import type { Field } from '../fields.ts'
import { useForm, type Path } from '../form-context.ts'
import { initialValue } from '../initial-value.ts'
import { ProblemWords } from './problem-words.tsx'

type List = Field & { kind: 'list' }

/** Items of one kind: add, copy, move and remove, by keyboard or mouse, within the schema's limits. */
export function ListField({ field, path, value }: { field: List; path: Path; value: unknown }) {
  const { edit, problemsAt, FieldView } = useForm()
  const items = Array.isArray(value) ? value : []
  const noun = field.itemNoun
  const canAdd = field.maxItems === undefined || items.length < field.maxItems
  const canRemove = field.minItems === undefined || items.length > field.minItems
  /**
   * Move an item, and keep the author with it: the same control of the item
   * at its new place gets the focus (and comes into view), so pressing ↑
   * again moves it on, instead of moving whatever slid into its old place.
   */
  const move = (control: HTMLElement, from: number, to: number, which: 'up' | 'down' | 'to') => {
    edit({ op: 'move', path, from, to })
    const list = control.closest('fieldset')
    requestAnimationFrame(() => {
      const tools = list?.querySelector<HTMLElement>(`:scope > ol > li:nth-child(${to + 1}) .item-tools`)
      const buttons = [...(tools?.querySelectorAll<HTMLButtonElement>('button') ?? [])]
      const [up, down] = buttons
      const target = which === 'up' ? (up?.disabled ? down : up) : which === 'down' ? (down?.disabled ? up : down) : tools?.querySelector('select')
      target?.scrollIntoView({ block: 'nearest' })
      target?.focus()
    })
  }
  const limits = [field.minItems ? `at least ${field.minItems}` : '', field.maxItems !== undefined ? `at most ${field.maxItems}` : ''].filter(Boolean).join(', ')
  return (
    <fieldset className="list">
      <legend>{field.label}</legend>
      {(field.help || limits) && (
        <p className="field-help">
          {field.help} {limits && <span className="limits">{`${limits[0]!.toUpperCase()}${limits.slice(1)}.`}</span>}
        </p>
      )}
      {problemsAt(path).map((p, i) => (
        <p key={i} className="field-problem" role="alert">
          <ProblemWords problem={p} />
        </p>
      ))}
      <ol>
        {items.map((item, i) => (
          <li key={i} className="list-item">
            <FieldView field={{ ...field.item, label: `${field.item.label} ${i + 1}` }} path={[...path, i]} value={item} />
            <div className="item-tools" role="group" aria-label={`Move, copy or remove ${noun} ${i + 1}`}>
              <button type="button" disabled={i === 0} onClick={(e) => move(e.currentTarget, i, i - 1, 'up')} aria-label={`Move ${noun} ${i + 1} up`}>
                ↑
              </button>
              <button type="button" disabled={i === items.length - 1} onClick={(e) => move(e.currentTarget, i, i + 1, 'down')} aria-label={`Move ${noun} ${i + 1} down`}>
                ↓
              </button>
              {items.length > 2 && (
                <select aria-label={`Move ${noun} ${i + 1} to`} value="" onChange={(e) => move(e.currentTarget, i, Number(e.target.value), 'to')}>
                  <option value="">Move to…</option>
                  {items.map((_, to) =>
                    to === i ? null : (
                      <option key={to} value={to}>
                        {to === 0 ? 'the top' : to === items.length - 1 ? 'the bottom' : `place ${to + 1}`}
                      </option>
                    ),
                  )}
                </select>
              )}
              <button type="button" disabled={!canAdd} onClick={() => edit({ op: 'insert', path, index: i + 1, value: structuredClone(item) })} aria-label={`Duplicate ${noun} ${i + 1}`}>
                Duplicate
              </button>
              <button type="button" disabled={!canRemove} onClick={() => edit({ op: 'remove', path: [...path, i] })} aria-label={`Remove ${noun} ${i + 1}`}>
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        disabled={!canAdd}
        onClick={(event) => {
          edit({ op: 'insert', path, index: items.length, value: initialValue(field.item) })
          // The next thing to do is write the new item: the cursor goes to its first field.
          const list = event.currentTarget.closest('fieldset')
          requestAnimationFrame(() => list?.querySelector<HTMLElement>(':scope > ol > li:last-child :is(input, textarea, select)')?.focus())
        }}
      >
        Add a {noun}
      </button>
      {!canAdd && <span className="field-help"> This list has the most {noun}s it may have ({field.maxItems}); remove one to add another.</span>}
    </fieldset>
  )
}
