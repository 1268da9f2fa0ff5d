/**
 * `npm run screenshots [-- /route ...] [--widths 320,375,1280] [--reduced-motion]`:
 * full-page screenshots of the built site (375 and 1280 px unless --widths
 * says) into screenshots/, for a person to look at.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { chromium } from '@playwright/test'
import { loadSite, projectPaths } from '../src/compiler/index'
import { createStaticServer } from '../src/serve/static-server'
import { chromiumArgs, chromiumPath } from './chromium'
import { desktopMinWidth } from '../src/shared/breakpoint'

const root = join(import.meta.dirname, '..')
const out = join(root, 'screenshots')
mkdirSync(out, { recursive: true })
const asked = process.argv.slice(2).filter((a) => a.startsWith('/'))
const routes = asked.length ? asked : loadSite(projectPaths(root)).pages.map((p) => p.route)
const reduced = process.argv.includes('--reduced-motion')
const widthsArg = process.argv[process.argv.indexOf('--widths') + 1]
const widths = process.argv.includes('--widths') && widthsArg ? widthsArg.split(',').map(Number) : [375, 1280]

const server = createStaticServer(join(root, 'dist')).listen(0, '127.0.0.1')
await new Promise((resolve) => server.once('listening', resolve))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
try {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: width < desktopMinWidth ? 812 : 800 }, reducedMotion: reduced ? 'reduce' : 'no-preference' })
    for (const route of routes) {
      await page.goto(base + route)
      await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'))
      // Scroll through once so lazy images load and reveal animations finish.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y)
          await new Promise((r) => setTimeout(r, 60))
        }
        window.scrollTo(0, 0)
      })
      await page.waitForTimeout(800)
      const name = `${route === '/' ? 'home' : route.slice(1).replace(/\//g, '_')}-${width}${reduced ? '-reduced' : ''}.png`
      await page.screenshot({ path: join(out, name), fullPage: true })
      console.log(`screenshots/${name}`)
    }
    await page.close()
  }
} finally {
  await browser.close()
  server.close()
}
