import type { ReactNode } from 'react'
import type { Field } from '../fields.ts'
import { idOf, useForm, type Path } from '../form-context.ts'
import { ProblemWords } from './problem-words.tsx'

/** A field's label, help, limits and problems around its input; the input is labelled by the label. */
export function FieldFrame(props: { field: Field; path: Path; limits?: string; empty?: boolean; quiet?: boolean; children: ReactNode }) {
  const { field, path, limits, empty = false, quiet = false, children } = props
  const { problemsAt, edit } = useForm()
  // quiet: the author is still typing here (a search in the link picker); the verdict comes when they leave.
  const problems = quiet ? [] : problemsAt(path)
  // A field not filled in yet (a card just added) is waiting for words, not wrong: said calmly.
  if (empty && problems.length) {
    return (
      <div className={`field field-${field.kind} needed`}>
        <span className="field-head">
          <label htmlFor={idOf(path)} id={`${idOf(path)}-label`}>
            {field.label}
          </label>
          <span className="needed-note">to fill in</span>
        </span>
        {children}
        {field.help && (
          <p className="field-help" id={`${idOf(path)}-help`}>
            {field.help} {limits && <span className="limits">{limits}</span>}
          </p>
        )}
      </div>
    )
  }
  const id = idOf(path)
  return (
    <div className={`field field-${field.kind}${problems.length ? ' has-problem' : ''}`}>
      {/* The label alone names the input ("Highlight"); that it may be left empty is said beside it. */}
      <span className="field-head">
        <label htmlFor={id} id={`${id}-label`}>
          {field.label}
        </label>
        {!field.required && <span className="optional">optional</span>}
      </span>
      {children}
      {(field.help || limits) && (
        <p className="field-help" id={`${id}-help`}>
          {field.help} {limits && <span className="limits">{limits}</span>}
        </p>
      )}
      {problems.map((p, i) => (
        <p key={i} className="field-problem" role="alert">
          <ProblemWords problem={p} />
          {/* The check's own suggestion for this value, as one click. */}
          {typeof p.args?.suggestion === 'string' && p.code !== 'UnknownField' && (
            <button type="button" className="fix" onClick={() => edit({ op: 'set', path, value: p.args!.suggestion })}>
              Use "{p.args.suggestion}"
            </button>
          )}
        </p>
      ))}
    </div>
  )
}
