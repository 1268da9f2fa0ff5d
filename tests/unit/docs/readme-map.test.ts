import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../../support/fixture-targets'

/**
 * README's map ("How it fits together"): one line per file or folder, its
 * names first (several on a line, "git/ publish/"), then two or more spaces
 * and what it holds; a line indented deeper names what is inside the line
 * above it, and a line indented past the names column goes on with the
 * words of the line before.
 */
function namedInMap(): string[] {
  const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8')
  const start = readme.indexOf('## How it fits together')
  const block = readme.slice(readme.indexOf('```\n', start) + 4, readme.indexOf('\n```', readme.indexOf('```\n', start) + 4))
  const parents: string[] = []
  const named: string[] = []
  for (const line of block.split('\n')) {
    const indent = line.length - line.trimStart().length
    if (!line.trim() || indent >= 20) continue
    const depth = indent / 2
    const names = line.trim().split(/\s{2,}/)[0]!.split(/,?\s+/)
    for (const name of names) {
      const path = [...parents.slice(0, depth), name].join('')
      // "src/blocks/<type>/" names src/blocks/ too.
      named.push(path, ...(/[<*]/.test(path) ? [path.replace(/[^/]*[<*].*$/, '')] : []))
      if (name.endsWith('/')) parents[depth] = name
    }
  }
  return named
}

/** The folders a reader looks for in the map: src/'s, and those of its two largest parts and of the studio's server. */
const mappedFolders = ['src', 'src/compiler', 'src/studio', 'src/studio/server']

describe("README's map of the project", () => {
  const named = namedInMap()

  it('names only files and folders that exist', () => {
    // "src/blocks/<type>/" and "schema/blocks/*.json" stand for many; the folder above them must exist.
    const missing = named.filter((path) => !existsSync(join(projectRoot, path.replace(/[<*].*$/, ''))))
    expect(missing).toEqual([])
  })

  it(`names every folder of ${mappedFolders.join(', ')}`, () => {
    expect(named).toContain('src/studio/server/routes/')
    const folders = mappedFolders.flatMap((dir) =>
      readdirSync(join(projectRoot, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${dir}/${entry.name}/`),
    )
    expect(folders.filter((folder) => !named.includes(folder))).toEqual([])
  })
})
