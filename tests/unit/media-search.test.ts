import { expect, it } from 'vitest'
import { loadSite, projectPaths } from '../../src/compiler/index'
import { matchesMedia } from '../../src/studio/client/media-search'
import { mediaUsage } from '../../src/studio/server/media-usage'
import { projectRoot } from './fixture-targets'

const site = loadSite(projectPaths(projectRoot))

it('finds where each picture is used and the words its pages describe it with, from the pages themselves', () => {
  const usage = mediaUsage(site.pages)
  // Every image a page shows, with its alt text when the page gives one.
  for (const { route, page } of site.pages) {
    const images = JSON.stringify(page.blocks).matchAll(/\{"src":"([^"]+)","alt":"([^"]*)"/g)
    for (const [, src, alt] of images) {
      expect(usage.get(src!)?.routes.has(route), `${src} on ${route}`).toBe(true)
      if (alt) expect(usage.get(src!)?.alts.has(alt), `${src}: "${alt}"`).toBe(true)
    }
  }
})

it('matches every word typed, in any case, in the name, a description or a page that shows it', () => {
  const van = { path: '/media/img/auto-7.webp', kind: 'image' as const, described: ['A delivery van at a depot'], usedOn: ['/b2b/automotive'] }
  expect(matchesMedia(van, '')).toBe(true)
  expect(matchesMedia(van, 'auto')).toBe(true)
  expect(matchesMedia(van, 'Delivery VAN')).toBe(true)
  expect(matchesMedia(van, 'automotive depot')).toBe(true)
  expect(matchesMedia(van, 'van truck')).toBe(false)
  expect(matchesMedia({ path: '/media/img/x.webp', kind: 'image' }, 'van')).toBe(false)
})
