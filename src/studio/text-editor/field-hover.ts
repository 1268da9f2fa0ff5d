import { authorWords, fieldLabel, itemNounOf } from '../forms/words.ts'

/** A schema node as the hover finds it in the editor schema (src/generated/editor/). */
export interface HoveredSchema {
  title?: unknown
  description?: unknown
}

/**
 * What hovering a field in the YAML tab says: its name and help as the form
 * says them (forms/words.ts's one rule), never the schema's own text
 * ("oneOf: #/definitions/…"). The editor schema gives a field that refers
 * to a shared definition its own title and description (codegen's
 * editor-schema.ts), so what is found at the field is the field's own.
 */
export function fieldHoverTexts({ schema, pointer }: { schema: HoveredSchema; pointer: string }): { message: string; typeInfo: string } {
  const steps = pointer.split('/').filter(Boolean)
  const name = steps.at(-1) ?? ''
  // A list's item: "Menu 2", as the form numbers them.
  const label = /^\d+$/.test(name) ? `${itemNounOf(steps.at(-2) ?? '', schema.title)} ${Number(name) + 1}` : fieldLabel(name, schema.title)
  return { message: label, typeInfo: typeof schema.description === 'string' ? authorWords(schema.description) : '' }
}
