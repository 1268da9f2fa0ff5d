import type { Field } from '../fields.ts'
import { idOf, useForm, type Path } from '../form-context.ts'
import { FieldFrame } from './field-frame.tsx'
import { WordsPicker } from './words-picker.tsx'

type TextField = Field & { kind: 'text' }

/** Words, on one line or several; an optional field emptied is taken out of the file. */
export function TextField({ field, path, value }: { field: TextField; path: Path; value: unknown }) {
  const { edit, valueAt } = useForm()
  const whole = field.partOf ? valueAt([...path.slice(0, -1), field.partOf]) : undefined
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value)
  const limits = field.maxLength ? `Up to ${field.maxLength} characters${text.length ? `; ${text.length} now` : ''}.` : undefined
  const change = (next: string) => edit(next === '' && !field.required ? { op: 'unset', path } : { op: 'set', path, value: next })
  const common = { id: idOf(path), value: text, 'aria-describedby': `${idOf(path)}-help`, onChange: (e: { target: { value: string } }) => change(e.target.value) }
  return (
    <FieldFrame field={field} path={path} empty={text === ''} {...(limits ? { limits } : {})}>
      {typeof whole === 'string' && <WordsPicker of={whole} value={text} label={`Pick the ${field.label.toLowerCase()} from the words of the ${field.partOf}`} onPick={change} />}
      {field.long ? <textarea {...common} rows={Math.min(8, Math.max(2, Math.ceil(text.length / 60)))} /> : <input type="text" {...common} />}
    </FieldFrame>
  )
}
