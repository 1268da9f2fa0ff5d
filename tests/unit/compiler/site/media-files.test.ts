import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadSite, projectPaths } from '../../../../src/compiler/index'
import { mediaBudget } from '../../../../src/compiler/site/media-files'
import type { BuiltImage } from '../../../../src/shared/image'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * Content is data: these read pages/ and public/media/ as they are, so a new
 * page or picture is held to the same rules without editing this file.
 */
const site = loadSite(projectPaths(projectRoot))

/** Every picture a value uses (the objects with "src" and "alt", as the schemas define an image), shared blocks resolved. */
function pictures(value: unknown): BuiltImage[] {
  if (Array.isArray(value)) return value.flatMap(pictures)
  if (!value || typeof value !== 'object') return []
  const record = value as Record<string, unknown>
  if (typeof record.use === 'string' && site.sharedBlocks.has(record.use)) return pictures(site.sharedBlocks.get(record.use))
  const own = typeof record.src === 'string' && typeof record.alt === 'string' ? [record as unknown as BuiltImage] : []
  return [...own, ...Object.values(record).flatMap(pictures)]
}

/**
 * Logos, icons and avatars are marks meant to recur; they are told apart by
 * name: a file whose name starts with "logo-", "icon-" or "avatar-", or that
 * sits in a "logos" or "icons" folder. Every other picture (illustrations,
 * hero stills and video posters) is artwork for its page.
 */
export const isMark = (src: string) => /(^|\/)(logo|icon|avatar)-[^/]*$|\/(logos|icons)\//.test(src)

describe('each picture is made for its page', () => {
  it('loads every page', () => {
    expect(site.problems).toEqual([])
    expect(site.pages.length).toBeGreaterThan(30)
  })

  it('no picture but a logo, icon or avatar is used on more than two pages', () => {
    const pagesOf = new Map<string, Set<string>>()
    for (const { route, page } of site.pages)
      for (const { src } of pictures(page.blocks)) if (!isMark(src)) pagesOf.set(src, (pagesOf.get(src) ?? new Set()).add(route))
    const overused = [...pagesOf].filter(([, routes]) => routes.size > 2).map(([src, routes]) => `${src} on ${routes.size} pages: ${[...routes].sort().join(', ')}`)
    expect(overused).toEqual([])
  })

  it('every page with a hero video has a still of its own, not another page\'s', () => {
    const heroes = site.pages.flatMap(({ route, page }) =>
      page.blocks.flatMap((block) => {
        const b = block as { type?: string; image?: BuiltImage; video?: unknown }
        return (b.type === 'hero' || b.type === 'landing-hero') && b.image && b.video ? [{ route, src: b.image.src }] : []
      }),
    )
    const uses = new Map<string, number>()
    for (const { src } of heroes) uses.set(src, (uses.get(src) ?? 0) + 1)
    // A hub's poster may also open one method page; an audience page under a hub has its own still.
    const detail = heroes.filter(({ route }) => route.split('/').length > 2)
    expect(detail.length).toBeGreaterThan(0)
    expect(detail.filter(({ src }) => uses.get(src)! > 1).map(({ route, src }) => `${route} shares ${src}`)).toEqual([])
  })

  it('the hub accordion card pictures are sharp on a 2x screen, with copies for phones', () => {
    const cards = site.pages.flatMap(({ page }) =>
      page.blocks.flatMap((block) => ((block as { type?: string }).type === 'audience-accordion' ? pictures((block as { cards?: unknown }).cards) : [])),
    )
    expect(cards.length).toBeGreaterThan(0)
    for (const image of cards) {
      // An open card shows its picture ~683 CSS px wide (css: 32rem high, 4:3, object-fit: cover).
      expect(image.width, image.src).toBeGreaterThanOrEqual(1366)
      expect(image.srcset, image.src).toMatch(/-480w\.webp 480w, .*-800w\.webp 800w, .*-1280w\.webp 1280w, \S+ \d{4}w$/)
    }
  })
})


describe('every media file stays within its budget', () => {
  const dir = join(projectRoot, 'public/media')
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(dir, f)).isFile())

  it('finds the media', () => expect(files.length).toBeGreaterThan(0))

  it('pictures under 100 KB, videos under 300 KB', () => {
    const over = files.flatMap((f) => {
      const bytes = statSync(join(dir, f)).size
      const limit = /\.(webm|mp4)$/.test(f) ? mediaBudget.video : mediaBudget.picture
      return bytes < limit ? [] : [`${relative(projectRoot, join(dir, f))}: ${(bytes / 1024).toFixed(1)} KB, budget ${limit / 1024} KB`]
    })
    expect(over).toEqual([])
  })
})
