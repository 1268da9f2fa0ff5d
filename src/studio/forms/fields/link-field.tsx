import type { Field } from '../fields.ts'
import { idOf, useForm, type Path } from '../form-context.ts'
import { FieldFrame } from './field-frame.tsx'

/** Where a link goes: every page and part of the site offered as you type, any address still allowed. */
export function LinkField({ field, path, value }: { field: Field & { kind: 'link' }; path: Path; value: unknown }) {
  const { edit, routes, anchors } = useForm()
  const id = idOf(path)
  const targets = [...routes, ...Object.entries(anchors).flatMap(([route, ids]) => ids.map((anchor) => `${route}#${anchor}`))]
  return (
    <FieldFrame field={field} path={path} empty={!value}>
      <input
        type="text"
        id={id}
        list={`${id}-targets`}
        value={typeof value === 'string' ? value : ''}
        placeholder="/a-page, https://…, mailto:…"
        onChange={(e) => edit(e.target.value === '' && !field.required ? { op: 'unset', path } : { op: 'set', path, value: e.target.value })}
      />
      <datalist id={`${id}-targets`}>
        {targets.map((target) => (
          <option key={target} value={target} />
        ))}
      </datalist>
    </FieldFrame>
  )
}
