import { describe, expect, it } from 'vitest'
import { followRef, refName, refTarget, type RefSchema } from '../../../src/shared/schema-ref'

/**
 * The one rule for following a "$ref" (the compiler's checks and hints,
 * the block catalogue and the studio's forms all follow it): the
 * definition, with the referring field's own keys over it.
 */
const defs: Record<string, RefSchema> = {
  href: { type: 'string', format: 'link', description: 'Where it goes.', examples: ['/'] },
  link: { type: 'object', title: 'Link', description: 'A label and where it goes.', properties: { href: { $ref: 'defs.schema.json#/$defs/href' } } },
  // A definition that is itself a reference.
  cta: { $ref: 'defs.schema.json#/$defs/link', description: 'The button.' },
}
const menu: RefSchema = { type: 'object', title: 'Menu', description: 'A heading with links.' }
const site: RefSchema = { $defs: { menu } }

describe('following a "$ref"', () => {
  it('names a definition by its last segment', () => {
    expect(refName('../defs.schema.json#/$defs/image')).toBe('image')
    expect(refName('#/$defs/menu')).toBe('menu')
  })

  it("lets the referring field's own keys win over the definition's, every one of them", () => {
    const { schema } = followRef({ $ref: '../defs.schema.json#/$defs/link', title: 'Back link', description: 'Back to the hub.' }, defs)
    expect(schema).toEqual({ ...defs.link, title: 'Back link', description: 'Back to the hub.' })
  })

  it("keeps the definition's keys where the field says nothing of its own, and follows a chain, the nearest referrer winning", () => {
    expect(followRef({ $ref: 'defs.schema.json#/$defs/href' }, defs).schema).toEqual(defs.href)
    const { schema } = followRef({ $ref: 'defs.schema.json#/$defs/cta', examples: [{ label: 'Go', href: '/' }] }, defs)
    expect(schema).toEqual({ ...defs.link, description: 'The button.', examples: [{ label: 'Go', href: '/' }] })
  })

  it('finds "#/…" in the root schema\'s own $defs (then in the shared ones), and says where a definition lives', () => {
    expect(followRef({ $ref: '#/$defs/menu' }, defs, site)).toEqual({ schema: menu, root: site })
    expect(refTarget('#/$defs/link', defs, site)).toBe(defs.link)
    // A shared definition lives in the shared file: "#/…" refs inside it are not the root's.
    expect(followRef({ $ref: 'defs.schema.json#/$defs/link' }, defs, site).root).toBeUndefined()
  })

  it('leaves a field that refers to nothing there is as it is', () => {
    const field: RefSchema = { $ref: 'defs.schema.json#/$defs/nothing', description: 'Lost.' }
    expect(followRef(field, defs).schema).toBe(field)
  })
})
