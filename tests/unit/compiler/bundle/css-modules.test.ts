import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { scopedClassName } from '../../../../src/compiler/bundle/vite-config'

const root = join(import.meta.dirname, '..', '..', '..', '..')
const modules = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.module.css'))
  .map((file) => join(root, 'src', file))

test('no two CSS modules share a class name', () => {
  const owners = new Map<string, string>()
  for (const file of modules) {
    const locals = new Set([...readFileSync(file, 'utf8').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!))
    for (const local of locals) {
      const name = scopedClassName(local, file)
      const owner = owners.get(name)
      expect(owner === undefined || owner === `${file} .${local}`, `${name} is both ${owner} and ${file} .${local}`).toBe(true)
      owners.set(name, `${file} .${local}`)
    }
  }
  expect(owners.size).toBeGreaterThan(100)
})

test('class names depend on the path inside the project, not where the checkout is', () => {
  const file = join(root, 'src', 'blocks', 'hero', 'hero.module.css')
  expect(scopedClassName('title', file)).toBe(scopedClassName('title', `${file}?used`))
  expect(scopedClassName('title', file)).not.toBe(scopedClassName('title', join(root, 'src', 'blocks', 'intro', 'intro.module.css')))
  expect(scopedClassName('title', file)).toMatch(/^_title_[\w-]{6}$/)
})
