import type { Field } from '../fields.ts'
import { idOf, useForm, type Path } from '../form-context.ts'

/** Yes or no. */
export function FlagField({ field, path, value }: { field: Field & { kind: 'flag' }; path: Path; value: unknown }) {
  const { edit } = useForm()
  return (
    <div className="field field-flag">
      <input type="checkbox" id={idOf(path)} checked={value === true} onChange={(e) => edit({ op: 'set', path, value: e.target.checked })} />
      <label htmlFor={idOf(path)}>{field.label}</label>
      {field.help && <p className="field-help">{field.help}</p>}
    </div>
  )
}
