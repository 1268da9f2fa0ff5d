import type { DocumentEdit, Path } from '../../compiler/yaml-edit/index.ts'
import type { Field } from './fields.ts'

/**
 * The edits that empty every text written in a part of a page (a block
 * copied from another page), keeping everything else: its layout, links,
 * pictures (with what they show), links (with their labels), symbols and
 * numbers. A required text
 * becomes "" (the form shows it as "to fill in"); an optional one is taken
 * out; a list of texts (bullets) keeps its length, each one emptied.
 */
export function clearWordsEdits(field: Field, value: unknown, path: Path): DocumentEdit[] {
  switch (field.kind) {
    case 'text':
      if (typeof value !== 'string' || value === '') return []
      return [field.required ? { op: 'set', path, value: '' } : { op: 'unset', path }]
    case 'group': {
      const record = recordOf(value)
      // A picture's own words (what it shows) describe the picture, which is
      // kept: emptied, they would leave it undescribed, and "" is a valid alt
      // (decoration), so nothing would say so.
      if (field.fields.some(({ field: child }) => child.kind === 'media')) return []
      // Likewise a link's own words (a label beside its address): they say
      // where it goes, which is kept (a back link to the hub is still one).
      if (isLink(field)) return []
      return field.fields.flatMap(({ name, field: child }) => clearWordsEdits(child, record[name], [...path, name]))
    }
    case 'list':
      if (!Array.isArray(value)) return []
      // A text in a list is one of its items: kept in its place, emptied.
      return value.flatMap((item, i) => clearWordsEdits(field.item.kind === 'text' ? { ...field.item, required: true } : field.item, item, [...path, i]))
    default:
      return []
  }
}

/** A group's fields by name, or none when the value is not a group (a page as typed may hold anything). */
export const recordOf = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {})

/** A labelled link: one text and one address, nothing else (a back link, a button). */
function isLink(field: Field & { kind: 'group' }): boolean {
  const kinds = field.fields.map(({ field: child }) => child.kind).sort()
  return kinds.length === 2 && kinds[0] === 'link' && kinds[1] === 'text'
}
