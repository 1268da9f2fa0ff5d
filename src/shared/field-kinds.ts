/**
 * What a field holds beyond its JSON type, declared by its schema with one
 * project keyword ("x-field": "video"), so the studio picks a field's
 * widget from what the schema says, never from its name or its prose.
 * Ajv accepts the keyword with these values only (schema-set.ts), the
 * editor schemas leave it out (editor-schema.ts), and the studio's form
 * reads it (forms/schema-fields.ts).
 */
export const fieldKindKeyword = 'x-field'

export const fieldKinds = {
  /** A file under public/ that is a picture ("format": "media"): the picture chooser. */
  picture: 'a picture in public/, chosen from the site\'s pictures or uploaded',
  /** A file under public/ that is a video ("format": "media"): the video chooser. */
  video: 'a video in public/',
  /** The page's list of blocks, each by its "type": the blocks editor. */
  blocks: 'a list of blocks, each drawn by its type\'s form',
} as const

export type FieldKind = keyof typeof fieldKinds

/** The kind a schema declares, if it declares one of ours. */
export function declaredKind(schema: Record<string, unknown>): FieldKind | undefined {
  const kind = schema[fieldKindKeyword]
  return typeof kind === 'string' && Object.hasOwn(fieldKinds, kind) ? (kind as FieldKind) : undefined
}
