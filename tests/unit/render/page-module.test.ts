import { expect, it } from 'vitest'
import { blockTypesOf, loadPageModule, MissingBlockType } from '../../../src/render/page-module'
import type { Page } from '../../../src/generated/schema-types'

const component = (name: string) => Object.assign(() => null, { displayName: name })
const page = { title: 'Mixed', description: 'Two types.', blocks: [{ type: 'intro', title: 'One' }, { type: 'text-section', heading: 'Two', text: 'Words.' }, { type: 'intro', title: 'Three' }] } as unknown as Page

it("loads the components of a page's block types, each once, and no others", async () => {
  const asked: string[] = []
  const loaders = Object.fromEntries(['intro', 'text-section', 'faq'].map((type) => [type, async () => (asked.push(type), { default: component(type) })]))
  const module = await loadPageModule(page, loaders)
  expect(blockTypesOf(page)).toEqual(['intro', 'text-section'])
  expect(asked.sort()).toEqual(['intro', 'text-section'])
  expect(Object.keys(module.components).sort()).toEqual(['intro', 'text-section'])
  expect(module.page).toBe(page)
})

it('fails, naming the type, when a block type has no loader (not even one inherited by every object)', async () => {
  const loaders = { intro: async () => ({ default: component('intro') }) }
  await expect(loadPageModule(page, loaders)).rejects.toThrow(new MissingBlockType('text-section'))
  const odd = { ...page, blocks: [{ type: 'toString' }] } as unknown as Page
  await expect(loadPageModule(odd, loaders)).rejects.toThrow('No component for block type "toString"')
})
