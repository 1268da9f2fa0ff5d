/**
 * What a form shows for each part of a page, worked out from schema/ alone
 * (schema-fields.ts makes it; the field components draw it). No kind of
 * field knows a block type: a new block or field in schema/ gets its form
 * with no studio code changed.
 */

interface Common {
  /** The field's accessible name: "Title", "Back link". */
  label: string
  /** What it is for, in the schema's words, with schema jargon taken out. */
  help?: string
  required: boolean
}

export type Field =
  /** One line, or several (`long`) when the schema allows long text. */
  | (Common & { kind: 'text'; long: boolean; minLength?: number; maxLength?: number; pattern?: string; /** The sibling field whose words this text is picked from (shared/part-of-fields.ts). */ partOf?: string })
  /** One of a fixed set of values (icons, sizes, variants). */
  | (Common & { kind: 'choice'; options: string[] })
  /** Where a link goes: a page or part of the site, or an address. */
  | (Common & { kind: 'link' })
  /** A picture or video under public/. */
  | (Common & { kind: 'media'; accept: 'image' | 'video' })
  | (Common & { kind: 'number'; integer: boolean; minimum?: number; maximum?: number })
  | (Common & { kind: 'flag' })
  /** Named fields together (a link's label and address, a card). */
  | (Common & { kind: 'group'; fields: NamedField[] })
  /** Items of one kind, added, copied, moved and removed within the limits. */
  | (Common & { kind: 'list'; item: Field; itemNoun: string; minItems?: number; maxItems?: number })
  /** The page's blocks: each item's fields come from its own type. */
  | (Common & { kind: 'blocks'; minItems?: number; maxItems?: number })
  /** A value the schema fixes (a block's "type"): shown, never edited. */
  | (Common & { kind: 'fixed'; value: unknown })
  /** Something the form does not draw: edited in the YAML tab. */
  | (Common & { kind: 'yaml-only' })

export interface NamedField {
  name: string
  field: Field
}

export interface BlockForm {
  type: string
  /** "Hero", "Audience accordion". */
  label: string
  help?: string
  field: Field & { kind: 'group' }
  /** The schema's first example: what a new block of this type starts as. */
  example?: Record<string, unknown>
}

/** Every form the studio can show, by what the file is. */
export interface FormModel {
  page: Field & { kind: 'group' }
  site: Field & { kind: 'group' }
  blocks: BlockForm[]
}
