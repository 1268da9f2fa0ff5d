import { useState } from 'react'
import type { Field } from '../fields.ts'
import { idOf, useForm, type Path } from '../form-context.ts'
import { FieldFrame } from './field-frame.tsx'

/**
 * Where a link goes: every page (with its title) and part of the site
 * offered as you type, any address still allowed. While the author types,
 * the words typed so far are a search, not a link: the check's verdict
 * waits until they leave the field.
 */
export function LinkField({ field, path, value }: { field: Field & { kind: 'link' }; path: Path; value: unknown }) {
  const { edit, routes, anchors, titles } = useForm()
  const [typing, setTyping] = useState(false)
  const id = idOf(path)
  const targets = [...routes.map((route) => ({ route, title: titles[route] })), ...Object.entries(anchors).flatMap(([route, ids]) => ids.map((anchor) => ({ route: `${route}#${anchor}`, title: titles[route] })))]
  return (
    <FieldFrame field={field} path={path} empty={!value} quiet={typing}>
      <input
        type="text"
        id={id}
        list={`${id}-targets`}
        value={typeof value === 'string' ? value : ''}
        placeholder="/a-page, https://…, mailto:…"
        onBlur={() => setTyping(false)}
        onChange={(e) => (setTyping(true), edit(e.target.value === '' && !field.required ? { op: 'unset', path } : { op: 'set', path, value: e.target.value }))}
      />
      <datalist id={`${id}-targets`}>
        {targets.map(({ route, title }) => (
          <option key={route} value={route} label={title ? `${title} (${route})` : route} />
        ))}
      </datalist>
    </FieldFrame>
  )
}
