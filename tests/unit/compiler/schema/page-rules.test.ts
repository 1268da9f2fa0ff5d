import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { formatProblems, type Problem } from '../../../../src/compiler/problems/problems'
import { loadSite, projectPaths } from '../../../../src/compiler/index'
import { mediaLimits } from '../../../../src/compiler/site/media-files'
import { projectRoot } from '../../../support/fixture-targets'
import { tempProject } from '../../../../scripts/temp-project'

/** Rules that shared blocks, YAML escapes and media files once got round; each is a located problem now. */
const mini = (name: string) => readFileSync(join(projectRoot, 'tests/fixtures/mini-site', name), 'utf8')
const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((remove) => remove()))

function check(files: Record<string, string | null>, options: { copyPublic?: boolean; setup?: (root: string) => void } = {}): { list: string[]; problems: Problem[] } {
  const base: Record<string, string> = { 'pages/_site.yaml': mini('_site.yaml'), 'pages/index.yaml': mini('index.yaml') }
  for (const [path, text] of Object.entries(files)) {
    if (text === null) delete base[path]
    else base[path] = text
  }
  const made = tempProject(base, { copyPages: false, ...(options.copyPublic ? { copy: ['public'] } : {}) })
  cleanups.push(made.remove)
  options.setup?.(made.root)
  const { problems } = loadSite(projectPaths(made.root))
  return { list: problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code}`), problems }
}

const page = (blocks: string, head = 'title: Other\ndescription: Another page.\n') => `${head}blocks:\n${blocks}`

describe('shared blocks follow the page rules', () => {
  it('an id used twice through a shared block, a highlight not in the title, a layout id', () => {
    const { list, problems } = check({
      'pages/_shared.yaml': 'dup:\n  type: intro\n  id: dup\n  title: Shared\nhi:\n  type: hero\n  title: Our panel\n  highlight: Panel\nmain:\n  type: intro\n  id: main\n  title: Main\n',
      'pages/other.yaml': page('  - use: dup\n  - use: dup\n  - type: intro\n    id: dup\n    title: Own\n'),
    })
    expect(list).toEqual([
      'pages/_shared.yaml:8:14 HighlightNotInTitle',
      'pages/_shared.yaml:11:7 ReservedId',
      'pages/other.yaml:5:10 DuplicateId',
      'pages/other.yaml:7:9 DuplicateId',
    ])
    expect(problems[2]!.message).toBe('The id "dup" is already used by another block on this page (this one comes from the shared block "dup").')
  })

  it('a link to an #id that a shared block gives the page is accepted', () => {
    const { list } = check({
      'pages/_shared.yaml': 'sized:\n  type: intro\n  id: size-definition\n  title: Shared\n',
      'pages/other.yaml': page('  - use: sized\n  - type: text-section\n    heading: More\n    text: See below.\n    action:\n      label: Go\n      href: /other#size-definition\n'),
    })
    expect(list).toEqual([])
  })

  it('"id: main" on a page clashes with the layout', () => {
    expect(check({ 'pages/other.yaml': page('  - type: intro\n    id: main\n    title: A\n') }).list).toEqual(['pages/other.yaml:5:9 ReservedId'])
  })
})

describe('escapes get no further than the characters they stand for', () => {
  it.each([
    ['"\\0"', 'ControlCharacter', 'NUL'],
    ['"\\u202E"', 'ControlCharacter', 'RIGHT-TO-LEFT OVERRIDE'],
    ['"\\e"', 'ControlCharacter', 'U+001B'],
    ['"A \\x7f"', 'ControlCharacter', 'U+007F'],
    ['"\\uD800"', 'LoneSurrogate', 'U+D800'],
    ['"\\uDC00 b"', 'LoneSurrogate', 'U+DC00'],
  ])('title: %s', (escape, code, name) => {
    const { list, problems } = check({ 'pages/index.yaml': `title: ${escape}\ndescription: d\nblocks:\n  - type: intro\n    title: Hi\n` })
    expect(list).toEqual([`pages/index.yaml:1:8 ${code}`])
    expect(problems[0]!.message).toContain(name)
  })

  it('a real character written as an escaped pair is fine', () => {
    expect(check({ 'pages/index.yaml': 'title: "Party \\uD83C\\uDF89"\ndescription: d\nblocks:\n  - type: intro\n    title: Hi\n' }).list).toEqual([])
  })
})

describe('text rules', () => {
  it('a title of only spaces is refused, wherever it is', () => {
    expect(check({ 'pages/index.yaml': 'title: "   "\ndescription: d\nblocks:\n  - type: intro\n    title: "\u00a0 "\n' }).list).toEqual([
      'pages/index.yaml:1:8 BlankText',
      'pages/index.yaml:5:12 BlankText',
    ])
  })

  it('titles and descriptions that differ only by invisible characters, spaces or capitals are the same', () => {
    const other = (title: string, description: string) => `title: "${title}"\ndescription: "${description}"\nblocks:\n  - type: intro\n    title: Hi\n`
    const { list } = check({
      'pages/a.yaml': other('SME research', 'Small firms, fast answers.'),
      'pages/b.yaml': other('SME\\u200b research', 'small  firms,   FAST answers.'),
    })
    expect(list).toEqual(['pages/b.yaml:1:8 SameAsOtherPage', 'pages/b.yaml:2:14 SameAsOtherPage'])
  })
})

describe('files and folders', () => {
  it('a missing _site.yaml is reported as missing', () => {
    const { list, problems } = check({ 'pages/_site.yaml': null })
    expect(list).toEqual(['pages/_site.yaml:1:1 MissingSiteFile'])
    expect(formatProblems(problems)).not.toContain('empty')
  })

  it('a list in _shared.yaml gets a message about shared blocks', () => {
    const { list, problems } = check({ 'pages/_shared.yaml': '- type: intro\n  title: A\n' })
    expect(list).toEqual(['pages/_shared.yaml:1:1 SharedNotAMapping'])
    expect(problems[0]!.message).toContain('shared blocks')
    expect(problems[0]!.message).not.toContain('title, description, blocks')
  })

  it('x.YAML and other files that are not pages are reported, not ignored; dot files are left alone', () => {
    const { list, problems } = check({ 'pages/x.YAML': page('  - type: intro\n    title: A\n'), 'pages/notes.txt': 'hello', 'pages/.gitkeep': '' })
    expect(list).toEqual(['pages/notes.txt:1:1 NotAPageFile', 'pages/x.YAML:1:1 NotAPageFile'])
    expect(problems[1]!.hint).toContain('"x.yaml"')
  })

  it('the assets folder the build writes is reserved', () => {
    const { list } = check({ 'pages/assets.yaml': page('  - type: intro\n    title: A\n'), 'pages/assets/x.yaml': page('  - type: intro\n    title: B\n', 'title: X\ndescription: X page.\n') })
    expect(list.sort()).toEqual(['pages/assets.yaml:1:1 RouteCollision', 'pages/assets/x.yaml:1:1 RouteCollision'])
  })
})

describe('limits', () => {
  it('5,000 blocks on one page, 13 footer locations, a port out of range', () => {
    const site = mini('_site.yaml').replace(/^url: .*$/m, 'url: https://x.example:99999')
    const locations = `  locations:\n${Array.from({ length: 13 }, (_, i) => `    - Place ${i}\n`).join('')}`
    const { list, problems } = check({
      'pages/_site.yaml': site.replace(/^footer:\n/m, `footer:\n${locations}`),
      'pages/_shared.yaml': 'b:\n  type: intro\n  title: A\n',
      'pages/other.yaml': page('  - use: b\n'.repeat(5000)),
    })
    expect(list).toEqual(['pages/other.yaml:4:3 TooManyItems', 'pages/_site.yaml:2:6 WrongForm', 'pages/_site.yaml:19:5 TooManyItems'])
    expect(formatProblems(problems)).toContain('"blocks" may have at most 200 items, but has 5000')
    expect(formatProblems(problems)).toContain('"locations" may have at most 12 items, but has 13')
  })
})

describe('media files are what their names say, within limits', () => {
  const picture = (src: string) => page(`  - type: media-text\n    heading: Pictures\n    image:\n      src: ${src}\n      alt: A picture\n`)
  const video = (webm: string, mp4: string) =>
    page(`  - type: hero\n    title: Moving\n    image:\n      src: /media/video/b2b-poster.webp\n      alt: ""\n    video:\n      webm: ${webm}\n      mp4: ${mp4}\n`)

  it('a video or a text file used as a picture, a picture named .mp4 as a video', () => {
    const { list, problems } = check(
      { 'pages/a.yaml': picture('/media/video/b2b.mp4'), 'pages/b.yaml': picture('/media/img/fake.webp'), 'pages/c.yaml': video('/media/video/b2b.webm', '/media/img/still.mp4') },
      {
        copyPublic: true,
        setup: (root) => {
          writeFileSync(join(root, 'public/media/img/fake.webp'), 'just some text\n')
          writeFileSync(join(root, 'public/media/img/still.mp4'), readFileSync(join(root, 'public/media/video/b2b-poster.webp')))
        },
      },
    )
    const own = list.filter((p) => !p.includes('SameAsOtherPage'))
    expect(own).toEqual(['pages/a.yaml:7:12 MediaWrongType', 'pages/b.yaml:7:12 MediaWrongType', 'pages/c.yaml:11:12 MediaWrongType'])
    const messages = problems.filter((p) => p.code === 'MediaWrongType').map((p) => p.message)
    expect(messages[0]).toBe('"/media/video/b2b.mp4" is used as a picture, but the file holds a MP4 video.')
    expect(messages[1]).toBe('"/media/img/fake.webp" is used as a picture, and its name says .webp, but the file is not a picture a browser can show.')
    expect(messages[2]).toBe('"/media/img/still.mp4" is used as a video, and its name says .mp4, but the file holds a WEBP picture.')
  })

  it('a 50 MB picture and a 20000 x 20000 picture are over the limits', () => {
    const png = (width: number, height: number) => {
      const header = Buffer.alloc(33)
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(header)
      header.writeUInt32BE(width, 16)
      header.writeUInt32BE(height, 20)
      header.set([8, 2, 0, 0, 0], 24)
      return header
    }
    const { list, problems } = check(
      { 'pages/a.yaml': picture('/media/img/huge.png'), 'pages/b.yaml': picture('/media/img/wide.png') },
      {
        copyPublic: true,
        setup: (root) => {
          const fd = openSync(join(root, 'public/media/img/huge.png'), 'w')
          writeSync(fd, png(20000, 20000))
          writeSync(fd, Buffer.alloc(1), 0, 1, 50 * 1024 * 1024 - 1) // 50 MB, sparse
          closeSync(fd)
          writeFileSync(join(root, 'public/media/img/wide.png'), png(20000, 20000))
        },
      },
    )
    expect(list.filter((p) => !p.includes('SameAsOtherPage'))).toEqual(['pages/a.yaml:7:12 MediaTooLarge', 'pages/b.yaml:7:12 MediaTooManyPixels'])
    expect(problems.find((p) => p.code === 'MediaTooLarge')!.message).toBe(`"/media/img/huge.png" is 50.0 MB; a picture may be at most ${mediaLimits.pictureBytes / 1024 / 1024}.0 MB.`)
  })
})

it('the authoring guide states the media limits the check applies', () => {
  const guide = readFileSync(join(projectRoot, 'docs/authoring.md'), 'utf8').replace(/\s+/g, ' ')
  const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`
  expect(guide).toContain(`at most ${mb(mediaLimits.pictureBytes)} and ${mediaLimits.pictureSide} pixels on its longest side`)
  expect(guide).toContain(`most ${mb(mediaLimits.videoBytes)}`)
})
