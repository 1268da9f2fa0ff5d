import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { placePublicFiles } from '../../../../src/compiler/bundle/public-files'
import { listMedia } from '../../../../src/compiler/site/public-media'

/**
 * public/'s files are placed in a build's site beside its bundle: copied,
 * or linked from the site it replaces when that site has the same bytes,
 * never linked to public/ itself; the bundle's own files and those the
 * build writes stay theirs.
 */
let dir: string
const at = (...parts: string[]) => join(dir, ...parts)
const write = (file: string, text: string) => (mkdirSync(dirname(file), { recursive: true }), writeFileSync(file, text))
const ino = (file: string) => statSync(file).ino

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'public-files-'))
  write(at('public/media/img/same.svg'), '<svg>same</svg>')
  write(at('public/media/img/changed.svg'), '<svg>new</svg>')
  write(at('public/media/video/new.webm'), 'a new loop')
  write(at('public/favicon.svg'), '<svg>icon</svg>')
  write(at('public/robots.txt'), 'the author’s robots.txt')
  write(at('live/media/img/same.svg'), '<svg>same</svg>')
  write(at('live/media/img/changed.svg'), '<svg>old</svg>')
  // The bundle's own file at a path public/ also has.
  write(at('site/favicon.svg'), '<svg>the bundle’s</svg>')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('links a file the replaced site has with the same bytes, copies the others, and never links public/', () => {
  placePublicFiles(listMedia(at('public')), at('site'), at('live'), new Set(['robots.txt']))
  expect(ino(at('site/media/img/same.svg')), 'linked from the site replaced').toBe(ino(at('live/media/img/same.svg')))
  expect(readFileSync(at('site/media/img/changed.svg'), 'utf8')).toBe('<svg>new</svg>')
  expect(ino(at('site/media/img/changed.svg'))).not.toBe(ino(at('live/media/img/changed.svg')))
  expect(readFileSync(at('site/media/img/changed.svg'), 'utf8'), 'the replaced site untouched').not.toBe(readFileSync(at('live/media/img/changed.svg'), 'utf8'))
  expect(readFileSync(at('site/media/video/new.webm'), 'utf8')).toBe('a new loop')
  for (const name of ['media/img/same.svg', 'media/img/changed.svg', 'media/video/new.webm']) {
    expect(ino(at('site', name)), name).not.toBe(ino(at('public', name)))
  }
})

it("leaves the bundle's own files and those the build writes", () => {
  placePublicFiles(listMedia(at('public')), at('site'), at('live'), new Set(['robots.txt']))
  expect(readFileSync(at('site/favicon.svg'), 'utf8')).toBe('<svg>the bundle’s</svg>')
  expect(statSync(at('site/robots.txt'), { throwIfNoEntry: false }), 'the build writes its own').toBeUndefined()
})

it('places every file with no site to replace (a first build), and nothing with no public/', () => {
  placePublicFiles(listMedia(at('public')), at('site'), at('no-site-yet'), new Set())
  expect(readFileSync(at('site/media/img/same.svg'), 'utf8')).toBe('<svg>same</svg>')
  expect(readFileSync(at('site/robots.txt'), 'utf8')).toBe('the author’s robots.txt')
  rmSync(at('public'), { recursive: true })
  placePublicFiles(listMedia(at('public')), at('other-site'), at('live'), new Set())
  expect(statSync(at('other-site'), { throwIfNoEntry: false })).toBeUndefined()
})

it("gives a link inside public/ as its target's bytes, in a file of the site's own", () => {
  symlinkSync('same.svg', at('public/media/img/alias.svg'))
  placePublicFiles(listMedia(at('public')), at('site'), at('live'), new Set())
  expect(lstatSync(at('site/media/img/alias.svg')).isFile()).toBe(true)
  expect(readFileSync(at('site/media/img/alias.svg'), 'utf8')).toBe('<svg>same</svg>')
})
