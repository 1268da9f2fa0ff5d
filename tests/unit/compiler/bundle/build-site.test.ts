import { existsSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'vite'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { parseDocument, visit } from 'yaml'
import { buildSite } from '../../../../src/compiler/bundle/build-site'
import { PageProblemsError } from '../../../../src/compiler/problems/problems'
import type { Progress } from '../../../../src/compiler/progress/progress'
import { siteViteConfig } from '../../../../src/compiler/bundle/vite-config'
import { bundleCacheDir } from '../../../../src/compiler/cache/bundle-cache'
import { mini } from '../../../support/fixture-targets'
import { tempProject } from '../../../../scripts/temp-project'

/**
 * Failures injected from outside buildSite, each right after a step has done
 * its work: after the site is loaded, after each bundling pass, after the
 * last page is rendered (the sitemap comes next) and at the first file
 * written into the new build.
 */
const fault = vi.hoisted(() => ({
  step: undefined as string | undefined,
  at(step: string) {
    if (fault.step === step) throw new Error(`Injected failure at the ${step} step`)
  },
}))
/** Vite's bundling passes run so far (a bundle taken from the cache runs none), and what to do once as the next one starts. */
const vitePasses = vi.hoisted(() => ({ count: 0, atStart: undefined as (() => void) | undefined }))
vi.mock('../../../../src/compiler/site/load-site', async (original) => {
  const real = await original<typeof import('../../../../src/compiler/site/load-site')>()
  return { ...real, loadSiteOnCores: (...args: Parameters<typeof real.loadSiteOnCores>) => (fault.at('validate'), real.loadSiteOnCores(...args)) }
})
vi.mock('vite', async (original) => {
  const real = await original<typeof import('vite')>()
  const atStart = () => {
    const run = vitePasses.atStart
    vitePasses.atStart = undefined
    run?.()
  }
  return { ...real, build: async (...args: Parameters<typeof real.build>) => (atStart(), (await real.build(...args)), vitePasses.count++, fault.at('bundle')) }
})
// A bundle taken from the cache is the bundle step too: a failure right after it must leave dist/ as it was.
vi.mock('../../../../src/compiler/cache/bundle-cache', async (original) => {
  const real = await original<typeof import('../../../../src/compiler/cache/bundle-cache')>()
  const restore = real.BundleCache.prototype.restore
  real.BundleCache.prototype.restore = function (...args: Parameters<typeof restore>) {
    const restored = restore.apply(this, args)
    if (restored) fault.at('bundle')
    return restored
  }
  return real
})
vi.mock('../../../../src/prerender/html', async (original) => {
  const real = await original<typeof import('../../../../src/prerender/html')>()
  return { ...real, sitemap: (...args: Parameters<typeof real.sitemap>) => (fault.at('prerender'), real.sitemap(...args)) }
})
vi.mock('node:fs', async (original) => {
  const real = await original<typeof import('node:fs')>()
  return { ...real, writeFileSync: (...args: Parameters<typeof real.writeFileSync>) => (fault.at('write'), real.writeFileSync(...args)) }
})

/** A two-file site, so these tests do not depend on the real pages. */
const miniSite = Object.fromEntries(
  ['_site.yaml', 'index.yaml'].map((name) => [`pages/${name}`, mini(name)]),
)
const otherPage = 'title: Other\ndescription: Another page.\nblocks:\n  - type: intro\n    title: Another page\n'

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((remove) => remove()))

/**
 * One project with a src/ of its own for the tests that edit a component,
 * made at the first of them; each puts the intro component back after it.
 * TypeScript's record of a check is kept per project folder: in a folder
 * of its own, each test's first check read every file of src/ again.
 */
let ownSrc: ReturnType<typeof tempProject> | undefined
afterAll(() => ownSrc?.remove())
function projectWithOwnSrc(): { root: string; component: string; text: string } {
  ownSrc ??= tempProject({ ...miniSite, 'pages/other.yaml': otherPage }, { copyPages: false, copy: ['src'] })
  const component = join(ownSrc.root, 'src/blocks/intro/index.tsx')
  const text = readFileSync(component, 'utf8')
  cleanups.push(() => writeFileSync(component, text))
  return { root: ownSrc.root, component, text }
}

function project(files: Record<string, string>, copyPages = false) {
  const p = tempProject({ ...(copyPages ? {} : miniSite), ...files }, { copyPages })
  cleanups.push(p.remove)
  return p.root
}

const broken = `title: Broken
description: A page with two problems.
blocks:
  - type: intro
    title: Fine
  - type: heor
    title: Hello
  - type: media-text
    heading: Pictures
    image:
      src: /media/img/nope.webp
      alt: ""
`

describe('a real vite build', () => {
  it('stops on a broken page and reports every problem at its exact location', async () => {
    const root = project({ 'pages/broken.yaml': broken })
    type Located = Error & { loc?: { file: string; line: number; column: number }; frame?: string }
    const error = await build({ ...siteViteConfig('build'), root, configFile: false, logLevel: 'silent', build: { write: false } }).then(
      () => undefined,
      // Rolldown gathers plugin errors into `errors`; the located one is inside.
      (e: Located & { errors?: Located[] }) => e.errors?.[0] ?? e,
    )
    expect(error?.loc).toEqual({ file: join(root, 'pages/broken.yaml'), line: 6, column: 11 })
    expect(error!.frame).toContain('6 >   - type: heor')
    expect(error!.message).toContain('pages/broken.yaml:6:11  There is no block type "heor".')
    expect(error!.message).toContain('pages/broken.yaml:11:12  The file "/media/img/nope.webp" does not exist in public/.')
  })
})

describe('npm run build (buildSite)', () => {
  it('turns a copied page into a new route with its own title, with no code change', async () => {
    const root = project({}, true)
    const smes = readFileSync(join(root, 'pages/b2b/smes.yaml'), 'utf8')
    // A copy keeps the layout and pictures; its words change (the check flags
    // hero words and sentences copied unchanged).
    const reworded = parseDocument(smes)
    visit(reworded, {
      Scalar(_, node) {
        if (typeof node.value === 'string' && node.value.length >= 60) node.value = `In the copy: ${node.value}`
      },
    })
    const copy = reworded
      .toString()
      .replace(/^title: .*$/m, 'title: A brand new page')
      .replace(/^description: .*$/m, 'description: A page made by copying another.')
      .replace(/^ {4}title: (.*)$/m, '    title: $1, copied')
      .replace(/^ {4}text: .*$/m, '    text: Words of the new page.')
    writeFileSync(join(root, 'pages/b2b/smes-copy.yaml'), copy)
    const report = await buildSite({ root })
    const html = readFileSync(join(root, 'dist/b2b/smes-copy/index.html'), 'utf8')
    expect(html).toMatch(/<title>A brand new page \| [^<]+<\/title>/)
    expect(html).toContain('data-route="/b2b/smes-copy"')
    expect(html).toContain('How we define an SME')
    expect(report.routes).toBeGreaterThan(1)
  }, 120_000)

  it("writes each page's data as data, so the scripts are the same files however many pages there are", async () => {
    const page = (n: number) => `title: Page ${n}\ndescription: Generated page number ${n}.\nblocks:\n  - type: intro\n    title: Heading of page ${n}\n`
    const scripts = async (count: number) => {
      const root = project(Object.fromEntries(Array.from({ length: count }, (_, n) => [`pages/gen/p${n}.yaml`, page(n)])))
      await buildSite({ root })
      const data = JSON.parse(readFileSync(join(root, 'dist/_data/gen/p1.json'), 'utf8')) as { title: string }
      expect(data).toMatchObject({ title: 'Page 1', blocks: [{ type: 'intro', title: 'Heading of page 1' }] })
      expect(readFileSync(join(root, 'dist/gen/p1/index.html'), 'utf8')).toContain('"title":"Heading of page 1"')
      return readdirSync(join(root, 'dist/assets')).filter((file) => file.endsWith('.js')).sort()
    }
    const few = await scripts(2)
    expect(few.length).toBeGreaterThan(0)
    expect(await scripts(12)).toEqual(few)
  }, 120_000)

  it('draws again only the pages whose files would change, and the site is the one a fresh build makes', async () => {
    const root = project({ 'pages/other.yaml': otherPage })
    const drawn = async (outDir?: string) => {
      let count = -1
      const progress: Progress = { phase: (name, total) => name === 'prerender' && (count = total ?? 0), tick() {}, end() {} }
      await buildSite({ root, progress, ...(outDir ? { outDir } : {}) })
      return count
    }
    const files = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length)).sort()
    const pages = (await drawn()) - 1 // and the not-found page
    expect(pages).toBeGreaterThan(1)
    expect(await drawn()).toBe(0)

    writeFileSync(join(root, 'pages/other.yaml'), readFileSync(join(root, 'pages/other.yaml'), 'utf8').replace('title: Other', 'title: Other, edited'))
    expect(await drawn()).toBe(1)
    // A file of the live site changed by hand is not taken: its page is drawn again.
    writeFileSync(join(root, 'dist/index.html'), 'changed by hand')
    expect(await drawn()).toBe(1)

    // Byte for byte what a build with nothing to take from makes.
    const fresh = join(root, 'fresh')
    await drawn(fresh)
    const dist = join(root, 'dist')
    expect(files(dist)).toEqual(files(fresh))
    for (const file of files(dist).filter((f) => /\.(html|json)$/.test(f))) expect(readFileSync(join(dist, file), 'utf8'), file).toBe(readFileSync(join(fresh, file), 'utf8'))
  }, 180_000)

  it('draws every page again after a change to a component, and the change shows', async () => {
    const made = projectWithOwnSrc()
    let drawn = -1
    const progress: Progress = { phase: (name, total) => name === 'prerender' && (drawn = total ?? 0), tick() {}, end() {} }
    await buildSite({ root: made.root, progress })
    const all = drawn
    const { component, text } = made
    // A mark no build has seen before: a bundle kept from an earlier run of this test cannot match.
    const tag = `data-changed-component-${process.pid}-${Date.now()}`
    // The intro's section, marked: every page's HTML must now carry it.
    writeFileSync(component, text.replace(/<section(\s)/, `<section ${tag}=""$1`))
    expect(readFileSync(component, 'utf8')).toContain(tag)
    const passes = vitePasses.count
    await buildSite({ root: made.root, progress })
    expect(vitePasses.count, 'bundled again').toBe(passes + 2)
    expect(drawn).toBe(all)
    expect(readFileSync(join(made.root, 'dist/other/index.html'), 'utf8')).toContain(tag)
  }, 180_000)

  it('keeps no bundle of code written while it bundled: put back as it was, the code is bundled again and the site shows it', async () => {
    const made = projectWithOwnSrc()
    const { component, text } = made
    // Marks no build has seen before: a bundle kept from an earlier run of this test cannot match.
    const [before, meanwhile] = ['before', 'meanwhile'].map((when) => `data-written-${when}-${process.pid}-${Date.now()}`)
    const marked = (name: string) => text.replace(/<section(\s)/, `<section ${name}=""$1`)
    writeFileSync(component, marked(before!))
    // Written as Vite starts to read the code (an editor saving mid-build): the build bundles those bytes.
    vitePasses.atStart = () => writeFileSync(component, marked(meanwhile!))
    await buildSite({ root: made.root })
    expect(readFileSync(join(made.root, 'dist/index.html'), 'utf8')).toContain(meanwhile)
    // Put back (an undo): the next build bundles it, not the bytes in between under its key.
    writeFileSync(component, marked(before!))
    await buildSite({ root: made.root })
    const html = readFileSync(join(made.root, 'dist/index.html'), 'utf8')
    expect(html).toContain(before)
    expect(html).not.toContain(meanwhile)
  }, 180_000)

  it('draws no page again after a change to styles alone: each is filled into the new template, byte for byte what a fresh build makes', async () => {
    const made = tempProject({ ...miniSite, 'pages/other.yaml': otherPage }, { copyPages: false, copy: ['src'] })
    cleanups.push(made.remove)
    let drawn = -1
    const progress: Progress = { phase: (name, total) => name === 'prerender' && (drawn = total ?? 0), tick() {}, end() {} }
    // Styles no build has seen, so this copy bundles its own: a bundle kept from another copy names that copy's files in its comments, and its pages are drawn (a cost, never a wrong page).
    const styles = join(made.root, 'src/blocks/intro/intro.module.css')
    const declare = (declaration: string) => writeFileSync(styles, readFileSync(styles, 'utf8').replace(/^\.intro \{$/m, `.intro {\n  ${declaration};`))
    declare(`outline-offset: ${process.pid}.${Date.now() % 100000}px`)
    await buildSite({ root: made.root, progress })
    const all = drawn
    const stylesheet = (html: string) => /<link rel="stylesheet"[^>]* href="([^"]+)"/.exec(html)?.[1]
    const before = stylesheet(readFileSync(join(made.root, 'dist/other/index.html'), 'utf8'))
    // A declaration added to a rule the intro block has (no new class name).
    declare('scroll-margin-top: 2px')
    await buildSite({ root: made.root, progress })
    expect(drawn).toBe(0)
    const after = stylesheet(readFileSync(join(made.root, 'dist/other/index.html'), 'utf8'))
    expect(after).toBeDefined()
    expect(after).not.toBe(before)
    const fresh = join(made.root, 'fresh')
    await buildSite({ root: made.root, progress, outDir: fresh })
    expect(drawn).toBe(all)
    const files = (dir: string) => readdirSync(dir, { recursive: true }).map(String).filter((f) => /\.(html|json)$/.test(f)).sort()
    expect(files(join(made.root, 'dist'))).toEqual(files(fresh))
    for (const file of files(fresh)) expect(readFileSync(join(made.root, 'dist', file), 'utf8'), file).toBe(readFileSync(join(fresh, file), 'utf8'))

    // A new class is a change to the components' code (their class names): every page is drawn.
    writeFileSync(styles, `${readFileSync(styles, 'utf8')}\n.added${process.pid}${Date.now()} {\n  color: inherit;\n}\n`)
    await buildSite({ root: made.root, progress })
    expect(drawn).toBe(all)
  }, 240_000)

  it('bundles again only when what the bundle is made of changes: not for a page or a file of public/, but for the settings', async () => {
    const made = tempProject({ ...miniSite, 'pages/other.yaml': otherPage }, { copyPages: false, copy: ['public'] })
    cleanups.push(made.remove)
    const root = made.root
    const passes = async () => {
      const before = vitePasses.count
      await buildSite({ root })
      return vitePasses.count - before
    }
    const assets = () => readdirSync(join(root, 'dist/assets')).sort()
    // The first build may take a bundle an earlier copy of this project made: the cache is by content, not by folder.
    await passes()
    const first = assets()
    expect(await passes(), 'nothing changed').toBe(0)
    expect(assets()).toEqual(first)

    const edit = (file: string, change: (text: string) => string) => writeFileSync(join(root, file), change(readFileSync(join(root, file), 'utf8')))
    edit('pages/other.yaml', (text) => text.replace('title: Other', 'title: Other, edited'))
    expect(await passes(), "a page's edit").toBe(0)
    expect(readFileSync(join(root, 'dist/other/index.html'), 'utf8')).toContain('Other, edited')

    // The site's settings are a module of the bundle: the new brand is in the scripts.
    // Names no build has seen before, so no earlier run's bundle can match.
    const unique = `${process.pid}-${Date.now()}`
    edit('pages/_site.yaml', (text) => text.replace(/^brand: .*$/m, `brand: Renamed Research ${unique}`))
    expect(await passes(), 'the settings').toBe(2)
    const scripts = readdirSync(join(root, 'dist/assets')).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(root, 'dist/assets', f), 'utf8'))
    expect(scripts.some((text) => text.includes(`Renamed Research ${unique}`))).toBe(true)

    // public/'s files are placed beside the bundle (public-files.ts), not made part of it: a file
    // added there (a picture uploaded) is in the next build without bundling again. A robots.txt
    // there too, which the build writes its own over.
    const publicFile = join(root, 'public/added.txt')
    writeFileSync(publicFile, `added after the first builds (${unique})`)
    writeFileSync(join(root, 'public/robots.txt'), `User-agent: *\nDisallow: /${unique}\n`)
    expect(await passes(), 'a file added to public/').toBe(0)
    expect(readFileSync(join(root, 'dist/added.txt'), 'utf8')).toBe(`added after the first builds (${unique})`)
    expect(readFileSync(join(root, 'dist/robots.txt'), 'utf8')).toContain('Sitemap:')
    expect(readFileSync(join(root, 'public/robots.txt'), 'utf8'), "the build's robots.txt never reaches public/").toContain(`Disallow: /${unique}`)
    // Never public/'s own file: one changed in place there does not change the site before a build.
    expect(statSync(join(root, 'dist/added.txt')).ino).not.toBe(statSync(publicFile).ino)
    // Unchanged, it is linked from the site it replaces; changed, copied anew.
    const before = statSync(join(root, 'dist/added.txt')).ino
    const site = realpathSync(join(root, 'dist'))
    expect(await passes(), 'nothing changed').toBe(0)
    expect(realpathSync(join(root, 'dist')), 'a new version of the site').not.toBe(site)
    expect(statSync(join(root, 'dist/added.txt')).ino, 'linked from the site replaced').toBe(before)
    writeFileSync(publicFile, `changed in place (${unique})`)
    expect(readFileSync(join(root, 'dist/added.txt'), 'utf8')).toBe(`added after the first builds (${unique})`)
    expect(await passes(), 'a file of public/ changed').toBe(0)
    expect(readFileSync(join(root, 'dist/added.txt'), 'utf8')).toBe(`changed in place (${unique})`)
    expect(statSync(join(root, 'dist/added.txt')).ino).not.toBe(before)
    // A kept bundle holds what Vite made, and no file of public/.
    const kept = readdirSync(bundleCacheDir(root)).map((key) => join(bundleCacheDir(root), key, 'client'))
    expect(kept.length).toBeGreaterThan(0)
    for (const client of kept) expect(existsSync(join(client, 'added.txt')), client).toBe(false)
    const mine = kept.find((client) => readdirSync(join(client, 'assets')).some((file) => file.endsWith('.js') && readFileSync(join(client, 'assets', file), 'utf8').includes(`Renamed Research ${unique}`)))!
    expect(readFileSync(join(mine, 'index.html'), 'utf8')).toContain('<div id="root"></div>')
  }, 180_000)

  it('keeps every page it read for the next build, whether a page stopped it or it drew them all', async () => {
    const root = project({ 'pages/other.yaml': otherPage, 'pages/broken.yaml': broken })
    const read = async () => {
      let count = -1
      const progress: Progress = { phase: (name, total) => name === 'read' && (count = total ?? 0), tick() {}, end() {} }
      await buildSite({ root, progress }).catch((e: unknown) => {
        if (!(e instanceof PageProblemsError)) throw e
      })
      return count
    }
    // Stopped by the broken page, after every page was read: all of them kept.
    expect(await read()).toBe(3)
    rmSync(join(root, 'pages/broken.yaml'))
    expect(await read(), 'the build after the broken page went').toBe(0)
    // Kept while the pages were drawn: the next build reads only the page edited.
    writeFileSync(join(root, 'pages/other.yaml'), otherPage.replace('title: Other', 'title: Other, edited'))
    expect(await read()).toBe(1)
    expect(await read()).toBe(0)
    expect(readFileSync(join(root, 'dist/other/index.html'), 'utf8')).toContain('Other, edited')
  }, 120_000)

  it('leaves the previous dist/ untouched when a page is invalid', async () => {
    const root = project({ 'dist/index.html': 'previous build' })
    writeFileSync(join(root, 'pages/broken.yaml'), broken)
    const error = await buildSite({ root }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PageProblemsError)
    expect((error as PageProblemsError).problems.map((p) => `${p.file}:${p.line}:${p.column}`)).toEqual([
      'pages/broken.yaml:6:11',
      'pages/broken.yaml:11:12',
    ])
    expect(readFileSync(join(root, 'dist/index.html'), 'utf8')).toBe('previous build')
    expect(existsSync(join(root, '.build-tmp'))).toBe(false)
  })

  it('bundles while the pages are read when no bundle is kept: a broken page still stops the build, and the fixed site has what its settings say', async () => {
    // An index.html and settings no build has seen before: no bundle is kept for that code.
    const brand = `Early Research ${process.pid}-${Date.now()}`
    const made = tempProject({ ...miniSite, 'dist/index.html': 'previous build', 'pages/_site.yaml': mini('_site.yaml').replace(/^brand: .*$/m, `brand: ${brand}`) }, { copyPages: false })
    cleanups.push(made.remove)
    const root = made.root
    writeFileSync(join(root, 'index.html'), `${readFileSync(join(root, 'index.html'), 'utf8')}<!-- ${brand} -->\n`)
    writeFileSync(join(root, 'pages/broken.yaml'), broken)
    const before = vitePasses.count
    const error = await buildSite({ root }).catch((e: unknown) => e)
    expect(vitePasses.count - before, "Vite's two passes ran while the pages were read").toBe(2)
    expect(error).toBeInstanceOf(PageProblemsError)
    expect((error as PageProblemsError).problems.map((p) => `${p.file}:${p.line}:${p.column}`)).toEqual(['pages/broken.yaml:6:11', 'pages/broken.yaml:11:12'])
    expect(readFileSync(join(root, 'dist/index.html'), 'utf8')).toBe('previous build')
    expect(existsSync(join(root, '.build-tmp')), 'nothing left of the bundle made meanwhile').toBe(false)

    rmSync(join(root, 'pages/broken.yaml'))
    const report = await buildSite({ root })
    expect(report.routes).toBe(1)
    expect(readFileSync(join(root, 'dist/index.html'), 'utf8')).toContain(brand)
    const scripts = readdirSync(join(root, 'dist/assets')).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(root, 'dist/assets', f), 'utf8'))
    expect(scripts.some((text) => text.includes(brand)), 'the settings are in the bundle').toBe(true)
  }, 180_000)
})

/** Every file under a folder with its bytes, for byte-for-byte comparison. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  const walk = (sub: string) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const rel = join(sub, entry.name)
      if (entry.isDirectory()) walk(rel)
      else files[rel] = readFileSync(join(dir, rel)).toString('base64')
    }
  }
  walk('')
  return files
}

describe('a failure at any build step', () => {
  it('leaves the previous dist/ byte-for-byte unchanged', async () => {
    const root = project({})
    await buildSite({ root })
    const before = snapshot(join(root, 'dist'))
    expect(Object.keys(before)).toContain('index.html')
    // Make the next build differ, so a partial write would show.
    writeFileSync(join(root, 'pages/index.yaml'), readFileSync(join(root, 'pages/index.yaml'), 'utf8').replace('title: Hello', 'title: Changed'))
    for (const step of ['validate', 'bundle', 'prerender', 'write']) {
      fault.step = step
      try {
        await expect(buildSite({ root }), step).rejects.toThrow(`Injected failure at the ${step} step`)
      } finally {
        fault.step = undefined
      }
      expect(snapshot(join(root, 'dist')), step).toEqual(before)
      expect(existsSync(join(root, '.build-tmp')), step).toBe(false)
    }
    await buildSite({ root })
    expect(readFileSync(join(root, 'dist/index.html'), 'utf8')).toContain('Changed')
  }, 120_000)
})
