/**
 * The one way this project follows a JSON Schema "$ref" (no Node imports:
 * the compiler, the code generators and the studio's forms in the browser
 * all use it). A ref names a definition by its last segment: one of
 * defs.schema.json's ("…defs.schema.json#/$defs/link"), or, for "#/…", one
 * of the root schema's own "$defs" (site.schema.json's menus), else a
 * shared one of that name. The referring field's own keys win over the
 * definition's (its title, description, examples), as they read in the
 * schema file.
 */
export interface RefSchema {
  [keyword: string]: unknown
  $ref?: string
  $defs?: Record<string, RefSchema>
}

/** The definition a "$ref" names: "defs.schema.json#/$defs/image" and "#/$defs/menu" give "image" and "menu". */
export function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1)
}

/** The definition `ref` names, from `root`'s own "$defs" for "#/…" or the shared ones; undefined when there is none. */
export function refTarget<S extends RefSchema>(ref: string, defs: Record<string, S>, root?: RefSchema): S | undefined {
  const name = refName(ref)
  return ref.startsWith('#') ? ((root?.$defs?.[name] as S | undefined) ?? defs[name]) : defs[name]
}

/**
 * `field` with its "$ref"s followed to the definition (a definition that
 * refers on is followed too, at most 10 steps), the field's own keys over
 * the definition's; `field` itself when it refers to nothing there is.
 * `root` is where a followed definition lives: the schema's own for
 * "#/…", none (the shared file) for a shared one.
 */
export function followRef<S extends RefSchema>(field: S, defs: Record<string, S>, root?: RefSchema): { schema: S; root: RefSchema | undefined } {
  let at: S = field
  let where = root
  const own: RefSchema[] = []
  for (let steps = 0; typeof at.$ref === 'string' && steps < 10; steps++) {
    const target = refTarget(at.$ref, defs, where)
    if (!target) break
    const { $ref: _ref, ...keys } = at
    own.push(keys)
    if (!at.$ref.startsWith('#') || !where?.$defs?.[refName(at.$ref)]) where = undefined
    at = target
  }
  // The nearest referrer's keys win: applied last.
  return { schema: own.reduceRight<S>((schema, keys) => ({ ...schema, ...keys }) as S, at), root: where }
}
