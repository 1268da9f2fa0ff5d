import type { Field } from '../fields.ts'
import { idOf, useForm, type Path } from '../form-context.ts'
import { FieldFrame } from './field-frame.tsx'

/** A number within the schema's limits, said beside it. */
export function NumberField({ field, path, value }: { field: Field & { kind: 'number' }; path: Path; value: unknown }) {
  const { edit } = useForm()
  const limits = [field.minimum !== undefined && `at least ${field.minimum}`, field.maximum !== undefined && `at most ${field.maximum}`].filter(Boolean).join(', ')
  return (
    <FieldFrame field={field} path={path} {...(limits ? { limits: `A ${field.integer ? 'whole ' : ''}number, ${limits}.` } : {})}>
      <input
        type="number"
        id={idOf(path)}
        value={typeof value === 'number' ? value : ''}
        step={field.integer ? 1 : 'any'}
        {...(field.minimum !== undefined ? { min: field.minimum } : {})}
        {...(field.maximum !== undefined ? { max: field.maximum } : {})}
        onChange={(e) => {
          const n = e.target.valueAsNumber
          if (e.target.value === '') edit({ op: 'unset', path })
          else if (Number.isFinite(n)) edit({ op: 'set', path, value: n })
        }}
      />
    </FieldFrame>
  )
}
