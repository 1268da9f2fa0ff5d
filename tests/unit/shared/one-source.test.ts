import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { createRoutes } from '../../../src/app/routes'
import { Picture } from '../../../src/components/picture'
import { addImageSizes, listFiles, listMedia } from '../../../src/compiler/index'
import { desktopMinWidth, desktopQuery, localWidths } from '../../../src/shared/breakpoint'
import type { BuiltImage } from '../../../src/shared/image'
import { catalogueRoute, reservedRoutes } from '../../../src/shared/routes'
import { loadMiniSite, mini, pageNamed, projectRoot } from '../../support/fixture-targets'

/**
 * Facts that more than one part of the code depends on have one home each;
 * these tests hold the parts that use a fact to the same value, and fail
 * when a copy of it is written somewhere else.
 */
const src = join(projectRoot, 'src')
const files = listFiles(src).filter((f) => !f.includes('/generated/'))
const read = (file: string) => readFileSync(file, 'utf8')
const rel = (file: string) => relative(projectRoot, file)

/** The files in src/ where `pattern` occurs, outside the one that is its home. */
function copiesOf(pattern: RegExp, home: string): string[] {
  return files.filter((f) => /\.tsx?$/.test(f) && rel(f) !== home && pattern.test(read(f))).map(rel)
}

describe('reserved routes (src/shared/routes.ts)', () => {
  it('are routes of the app, and no page file may take them', () => {
    const paths = createRoutes(() => Promise.reject(new Error('no page')), { Component: () => null })[0]!.children![0]!.children!.map((r) => r.path)
    for (const route of reservedRoutes.keys()) expect(paths).toContain(route)

    const pages = Object.fromEntries([...reservedRoutes.keys()].map((route) => [`pages${route}.yaml`, pageNamed(route)]))
    const { problems } = loadMiniSite({ 'pages/index.yaml': mini('index.yaml'), ...pages })
    expect(problems.map((p) => [p.code, p.file])).toEqual([...reservedRoutes.keys()].map((route) => ['RouteCollision', `pages${route}.yaml`]))
  })

  it('are written nowhere else in src/', () => {
    expect(copiesOf(new RegExp(`['"\`]${catalogueRoute}['"\`]`), 'src/shared/routes.ts')).toEqual([])
  })
})

it('the site settings file is named only in shared/routes.ts', () => {
  expect(copiesOf(/['"`]_site\.yaml['"`]/, 'src/shared/routes.ts')).toEqual([])
})

describe('the desktop breakpoint (src/shared/breakpoint.ts)', () => {
  const css = files.filter((f) => f.endsWith('.css'))

  it('is the width of every CSS media query in src/', () => {
    const queries = css.flatMap((f) => [...read(f).matchAll(/@media[^{]*/g)].map((m) => ({ file: rel(f), query: m[0].trim() })))
    expect(queries.filter((q) => /width/.test(q.query)).length).toBeGreaterThan(5)
    const widths = queries.flatMap((q) => [...q.query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].map((m) => ({ ...q, side: m[1], px: Number(m[2]) })))
    const allowed = new Set<number>([desktopMinWidth, desktopMinWidth - 1, ...Object.values(localWidths)])
    expect(widths.filter((w) => !allowed.has(w.px))).toEqual([])
    expect(widths.filter((w) => w.px === desktopMinWidth || w.px === desktopMinWidth - 1).every((w) => w.px === (w.side === 'min' ? desktopMinWidth : desktopMinWidth - 1))).toBe(true)
    expect(widths.filter((w) => w.px === desktopMinWidth).length).toBeGreaterThan(5)
    expect(queries.filter((q) => /width/.test(q.query) && !/\((min|max)-width:\s*[\d.]+px\)/.test(q.query))).toEqual([])
  })

  it('is not written as a number in the TypeScript of src/', () => {
    expect(copiesOf(new RegExp(`\\b${desktopMinWidth}\\b`), 'src/shared/breakpoint.ts')).toEqual([])
    expect(desktopQuery).toBe(`(min-width: ${desktopMinWidth}px)`)
  })
})

it('the image the build makes is the image Picture renders (src/shared/image.ts)', () => {
  const image: BuiltImage = { src: '/media/img/anim-1.webp', alt: 'Hills' }
  addImageSizes(image, listMedia(join(projectRoot, 'public')))
  const html = renderToStaticMarkup(createElement(Picture, { image, sizes: '100vw' }))
  expect(image.width && image.height && image.srcset).toBeTruthy()
  for (const [attribute, value] of [['width', image.width], ['height', image.height], ['srcSet', image.srcset]] as const) {
    expect(html, attribute).toContain(`${attribute}="${value}"`)
  }
})
