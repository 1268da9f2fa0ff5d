import type { Field } from './fields.ts'

/** What a new item or an added optional group starts as: its required parts, empty, for the author to fill. */
export function initialValue(field: Field): unknown {
  switch (field.kind) {
    case 'group':
      return Object.fromEntries(field.fields.filter((f) => f.field.required).map((f) => [f.name, initialValue(f.field)]))
    case 'list':
      return Array.from({ length: field.minItems ?? 0 }, () => initialValue(field.item))
    case 'choice':
      return field.options[0]
    case 'number':
      return field.minimum ?? 0
    case 'flag':
      return false
    case 'fixed':
      return field.value
    case 'blocks':
      return []
    default:
      return ''
  }
}
