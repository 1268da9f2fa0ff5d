import { expect, it } from 'vitest'
import { loadSite, projectPaths } from '../../../../src/compiler/index'
import { matchesMedia } from '../../../../src/studio/client/media-search'
import { mediaUsage } from '../../../../src/studio/server/media-usage'
import { projectRoot } from '../../../support/fixture-targets'

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

it('matches every word typed, in any case, at the start of a word of the name, a description or a page that shows it', () => {
  const van = { path: '/media/img/auto-7.webp', kind: 'image' as const, described: ['A delivery van at a depot'], usedOn: ['/b2b/automotive'] }
  expect(matchesMedia(van, '')).toBe(true)
  expect(matchesMedia(van, 'auto')).toBe(true)
  expect(matchesMedia(van, 'Delivery VAN')).toBe(true)
  expect(matchesMedia(van, 'automotive depot')).toBe(true)
  expect(matchesMedia(van, 'deliver')).toBe(true)
  expect(matchesMedia(van, 'van truck')).toBe(false)
  // Inside a word is not a match: "live" is in "delivery", but no word starts with it.
  expect(matchesMedia(van, 'live')).toBe(false)
  expect(matchesMedia({ path: '/media/img/x.webp', kind: 'image' }, 'van')).toBe(false)
})

it('a short word is a whole word: "car" finds cars, not care', () => {
  const care = { path: '/media/img/healthcare-nurse.webp', kind: 'image' as const, described: ['A nurse at a care home'] }
  const cars = { path: '/media/img/b2b-automotive.webp', kind: 'image' as const, described: ['Two cars in a showroom'] }
  expect(matchesMedia(care, 'car')).toBe(false)
  expect(matchesMedia(cars, 'car')).toBe(true)
})
