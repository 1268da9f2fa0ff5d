import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isScalar, parseDocument, visit } from 'yaml'
import { loadSite, projectPaths } from '../../../../src/compiler/index'
import { tempProject } from '../../../../scripts/temp-project'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * A new page made from another, every text reworded, keeps its pictures:
 * a picture is no author's words, nor is what the build adds beside it (its
 * sizes, smaller copies and portrait crop). Issue 51 found a hero picture
 * with a portrait crop reported as copied text, on a field no one wrote.
 */
// Fields that name or describe a thing rather than say something (the rules across pages skip them too).
const kept = new Set(['type', 'id', 'use', 'href', 'src', 'alt', 'icon', 'webm', 'mp4', 'poster', 'highlight'])

/** Every page under pages/ whose hero picture has a portrait crop beside it in public/. */
function pagesWithPortraitHero(): string[] {
  const media = new Set(readdirSync(join(projectRoot, 'public/media/img')))
  return readdirSync(join(projectRoot, 'pages'), { recursive: true, encoding: 'utf8' }).filter((file) => {
    if (!file.endsWith('.yaml') || file.startsWith('_')) return false
    const src = parseDocument(readFileSync(join(projectRoot, 'pages', file), 'utf8')).getIn(['blocks', 0, 'image', 'src'])
    return typeof src === 'string' && media.has(src.split('/').at(-1)!.replace(/(\.\w+)$/, '-portrait$1'))
  })
}

/** A text said otherwise, in as many characters: its words in the opposite order (one word, a choice like "teal", stays). */
const sayOtherwise = (text: string) => text.split(' ').reverse().join(' ')

/** `source` with every text an author wrote changed, its pictures and links kept. */
function reworded(source: string): string {
  const doc = parseDocument(source)
  visit(doc, {
    Map(_, map) {
      // A title keeps its highlighted words whole, as the check asks.
      const highlight = map.get('highlight')
      for (const pair of map.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : ''
        if (kept.has(key) || !isScalar(pair.value) || typeof pair.value.value !== 'string') continue
        const text = pair.value.value
        pair.value.value = key === 'title' && typeof highlight === 'string' ? sayOtherwise(text.replace(highlight, '\u0000')).replace('\u0000', highlight) : sayOtherwise(text)
      }
    },
    Seq(_, seq) {
      for (const item of seq.items) if (isScalar(item) && typeof item.value === 'string') item.value = sayOtherwise(item.value)
    },
  })
  return String(doc)
}

describe('a page copied with every text reworded and its hero picture kept', () => {
  const copies = pagesWithPortraitHero()
  const project = tempProject(Object.fromEntries(copies.map((file) => [`pages/reworded/${file}`, reworded(readFileSync(join(projectRoot, 'pages', file), 'utf8'))])))
  afterAll(() => project.remove())

  it('checks clean, the hero picture with its portrait crop included', () => {
    expect(copies).toContain('investor/financialDecisionMakers.yaml')
    const problems = loadSite(projectPaths(project.root)).problems.filter((p) => p.file.startsWith('pages/reworded/'))
    expect(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code} ${p.message}`)).toEqual([])
  })
})
