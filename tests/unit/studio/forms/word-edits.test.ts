import { join } from 'node:path'
import { expect, it } from 'vitest'
import { parse } from 'yaml'
import { readSchemaFiles } from '../../../../src/compiler/schema/schema-files'
import { applyEdits } from '../../../../src/compiler/yaml-edit/index'
import { checkPageSource } from '../../../../src/compiler/index'
import { loadSchemaSet } from '../../../../src/compiler/schema/schema-set'
import { formModel } from '../../../../src/studio/forms/schema-fields'
import { clearWordsEdits } from '../../../../src/studio/forms/word-edits'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * "Clear its words" on a block copied from another page: every text the
 * author wrote goes, everything else stays, and the page is left with
 * fields to fill in, not with a broken shape.
 */
const files = readSchemaFiles(join(projectRoot, 'schema'))
const model = formModel({ page: files.page, site: files.site, defs: files.defs, blocks: [...files.blocks].map(([type, file]) => [type, file.schema]) })
const form = (type: string) => model.blocks.find((b) => b.type === type)!.field

const page = `title: Fleet managers
description: Who runs company vehicles.

blocks:
  # The hero, copied from another page.
  - type: hero
    title: Reach the decision makers of SMEs
    highlight: SMEs
    text: Owners and managers of small businesses.
    backLink:
      label: B2B
      href: /b2b-audience
  - type: media-text
    heading: Who we reach
    bullets:
      - Owners
      - Finance leads
    image:
      src: /media/img/b2b-smes.webp
      alt: A shop front
`

it('empties every text of a block and keeps its links, pictures (and what they show), list lengths and comments', () => {
  const value = parse(page) as { blocks: unknown[] }
  const edits = [0, 1].flatMap((i) => clearWordsEdits(form((value.blocks[i] as { type: string }).type), value.blocks[i], ['blocks', i]))
  const outcome = applyEdits(page, edits)
  if ('error' in outcome) throw new Error(outcome.error)
  const blocks = (parse(outcome.text) as { blocks: Record<string, unknown>[] }).blocks
  // An optional text (the hero's text, its highlight) is taken out rather than left empty.
  // A link keeps its label: it still says where the kept link goes.
  expect(blocks[0]).toEqual({ type: 'hero', title: '', backLink: { label: 'B2B', href: '/b2b-audience' } })
  // The picture stays, so its description still holds: emptied, it would leave the picture undescribed without a word.
  expect(blocks[1]).toEqual({ type: 'media-text', heading: '', bullets: ['', ''], image: { src: '/media/img/b2b-smes.webp', alt: 'A shop front' } })
  // The page's own fields and the comment are untouched.
  expect(outcome.text.startsWith('title: Fleet managers\ndescription: Who runs company vehicles.\n\nblocks:\n  # The hero, copied from another page.\n')).toBe(true)
})

it('leaves fields to fill in: every problem of the emptied page is an empty text, none a broken shape', () => {
  const heroOnly = page.slice(0, page.indexOf('  - type: media-text'))
  const schemas = loadSchemaSet(join(projectRoot, 'schema'), { routes: new Set(['/b2b-audience']), media: new Set() })
  const check = (text: string) => checkPageSource('pages/x.yaml', new TextEncoder().encode(text), schemas).problems.map((p) => [p.code, p.path?.join('.')])
  expect(check(heroOnly)).toEqual([])
  const outcome = applyEdits(heroOnly, clearWordsEdits(form('hero'), (parse(heroOnly) as { blocks: unknown[] }).blocks[0], ['blocks', 0]))
  if ('error' in outcome) throw new Error(outcome.error)
  expect(check(outcome.text)).toEqual([
    ['EmptyValue', 'blocks.0.title'],
  ])
})

it('has nothing to clear in a block without words', () => {
  expect(clearWordsEdits(form('hero'), { type: 'hero', title: '' }, ['blocks', 0])).toEqual([])
})
