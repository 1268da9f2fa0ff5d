import { useMemo, useState } from 'react'
import type { Field } from '../fields.ts'
import { idOf, useForm, type Path } from '../form-context.ts'
import { FieldFrame } from './field-frame.tsx'
import { offeredTargets } from '../link-targets.ts'

/**
 * Where a link goes: the pages (with their titles) and parts of the site
 * that hold what was typed, offered as you type (link-targets.ts), any
 * address still allowed. While the author types,
 * the words typed so far are a search, not a link: the check's verdict
 * waits until they leave the field.
 */
export function LinkField({ field, path, value }: { field: Field & { kind: 'link' }; path: Path; value: unknown }) {
  const { edit, linkTargets, askTargets } = useForm()
  const [typing, setTyping] = useState(false)
  const id = idOf(path)
  const typed = typeof value === 'string' ? value : ''
  const offered = useMemo(() => offeredTargets(linkTargets, typed), [linkTargets, typed])
  return (
    <FieldFrame field={field} path={path} empty={!value} quiet={typing}>
      <input
        type="text"
        id={id}
        list={`${id}-targets`}
        value={typed}
        placeholder="/a-page, https://…, mailto:…"
        onFocus={askTargets}
        onBlur={() => setTyping(false)}
        onChange={(e) => (setTyping(true), edit(e.target.value === '' && !field.required ? { op: 'unset', path } : { op: 'set', path, value: e.target.value }))}
      />
      <datalist id={`${id}-targets`}>
        {offered.map(({ route, label }) => (
          <option key={route} value={route} label={label} />
        ))}
      </datalist>
    </FieldFrame>
  )
}
