import type { Field } from '../fields.ts'
import { idOf, useForm, type Path } from '../form-context.ts'
import { FieldFrame } from './field-frame.tsx'

/** One of the values the schema allows, picked from a list (an optional one may be left unset). */
export function ChoiceField({ field, path, value }: { field: Field & { kind: 'choice' }; path: Path; value: unknown }) {
  const { edit } = useForm()
  const current = typeof value === 'string' ? value : ''
  return (
    <FieldFrame field={field} path={path}>
      <select
        id={idOf(path)}
        value={current}
        onChange={(e) => edit(e.target.value === '' ? { op: 'unset', path } : { op: 'set', path, value: e.target.value })}
      >
        {(!field.required || !current) && <option value="">{field.required ? 'Choose one' : 'Not set'}</option>}
        {current && !field.options.includes(current) && <option value={current}>{current} (not allowed)</option>}
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}
