import type { Field } from '../fields.ts'
import { useForm, type Path } from '../form-context.ts'
import { initialValue } from '../initial-value.ts'
import { ProblemWords } from './problem-words.tsx'

type Group = Field & { kind: 'group' }

/** Named fields together; an optional group can be added and taken out whole. */
export function GroupField({ field, path, value, bare = false }: { field: Group; path: Path; value: unknown; bare?: boolean }) {
  const { edit, problemsAt, problemsUnder, FieldView } = useForm()
  const data = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  if (!data) {
    return (
      <div className="field field-group-absent">
        <button type="button" onClick={() => edit({ op: 'set', path, value: initialValue(field) })}>
          Add {field.label.toLowerCase()}
        </button>
        {field.help && <p className="field-help">{field.help}</p>}
      </div>
    )
  }
  const body = (
    <>
      {field.fields.map(({ name, field: f }) =>
        f.kind === 'fixed' ? null : <FieldView key={name} field={f} path={[...path, name]} value={data[name]} />,
      )}
      {/* Problems of the group itself, and of fields it does not have (typed in the YAML tab): never dropped. */}
      {[...problemsAt(path), ...problemsUnder(path).filter((p) => !field.fields.some((f) => f.name === String(p.path![path.length])))].map((p, i) => (
        <p key={i} className="field-problem" role="alert">
          <ProblemWords problem={p} />
        </p>
      ))}
    </>
  )
  if (bare) return body
  return (
    <fieldset className="group">
      <legend>{field.label}</legend>
      {field.help && <p className="field-help">{field.help}</p>}
      {body}
      {!field.required && (
        <button type="button" className="remove" onClick={() => edit({ op: 'unset', path })}>
          Take out {field.label.toLowerCase()}
        </button>
      )}
    </fieldset>
  )
}
