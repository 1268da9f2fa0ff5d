import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, test } from '@playwright/test'
import { catalogueRoute, htmlPathOf } from '../../src/shared/routes'

/**
 * The authors' block catalogue belongs to the dev server and the studio: the
 * production build has neither its page nor its code, and the site answers
 * its address with the not-found page. (Its own tests run against a build
 * made with --catalogue: see playwright.config.ts.)
 */
const root = join(import.meta.dirname, '..', '..')
const dist = process.env.SITE_DIST ? resolve(process.env.SITE_DIST) : join(root, 'dist')

test('dist/ has no catalogue page and no chunk of its code', () => {
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' })
  expect(files).not.toContain(htmlPathOf(catalogueRoute))
  // Words only the catalogue page's code holds (src/app/catalogue-page.tsx).
  const catalogueWords = ['Block catalogue', 'Fields of the ', 'YAML for example ']
  const holding = files
    .filter((file) => file.endsWith('.js'))
    .filter((file) => {
      const code = readFileSync(join(dist, file), 'utf8')
      return catalogueWords.some((word) => code.includes(word))
    })
  expect(holding).toEqual([])
})

test('a request for the catalogue gets the site 404', async ({ request }) => {
  const response = await request.get(catalogueRoute)
  expect(response.status()).toBe(404)
  expect(await response.text()).toContain('Unexpected Application Error!')
})
