import type { ReactNode } from 'react'
import type { Field } from '../fields.ts'
import { idOf, useForm, type Path } from '../form-context.ts'
import { looksOf, type Look } from './choice-looks.tsx'
import { FieldFrame } from './field-frame.tsx'

/**
 * One of the values the schema allows (an optional one may be left unset):
 * symbols and colours as a group of choices that each show what they look
 * like, other values as a drop-down.
 */
export function ChoiceField({ field, path, value }: { field: Field & { kind: 'choice' }; path: Path; value: unknown }) {
  const { edit } = useForm()
  const current = typeof value === 'string' ? value : ''
  const choose = (option: string) => edit(option === '' ? { op: 'unset', path } : { op: 'set', path, value: option })
  const look = looksOf(field.options)
  const outside = current && !field.options.includes(current) ? current : undefined
  return (
    <FieldFrame field={field} path={path}>
      {look ? (
        <LookChoices id={idOf(path)} options={field.options} required={field.required} current={current} outside={outside} look={look} choose={choose} />
      ) : (
        <select id={idOf(path)} value={current} onChange={(e) => choose(e.target.value)}>
          {(!field.required || !current) && <option value="">{field.required ? 'Choose one' : 'Not set'}</option>}
          {outside && <option value={outside}>{outside} (not allowed)</option>}
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  )
}

/** A radio group named by the field's label: arrow keys move between the choices, as in any radio group. */
function LookChoices(props: { id: string; options: readonly string[]; required: boolean; current: string; outside?: string; look: Look; choose: (option: string) => void }) {
  const { id, options, required, current, outside, look, choose } = props
  const radio = (option: string, label: string, picture?: ReactNode) => (
    <label key={option || '(none)'} className={`choice${option === current ? ' chosen' : ''}`}>
      <input type="radio" name={id} value={option} checked={option === current} onChange={() => choose(option)} />
      {picture}
      <span>{label}</span>
    </label>
  )
  return (
    <div id={id} role="radiogroup" aria-labelledby={`${id}-label`} className="choice-looks">
      {!required && radio('', 'Not set')}
      {outside && radio(outside, `${outside} (not allowed)`)}
      {options.map((option) => radio(option, option, look(option)))}
    </div>
  )
}
