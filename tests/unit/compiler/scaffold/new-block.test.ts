import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSite } from '../../../../src/compiler/bundle/build-site'
import { loadSite, projectPaths } from '../../../../src/compiler/index'
import { writeNewBlock } from '../../../../src/compiler/scaffold/write-new-block'
import { tempProject } from '../../../../scripts/temp-project'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * npm run new-block, on a copy of the project: the block it writes passes
 * the check, the build's type check and its own test at once, and a page
 * using its example is prerendered with it. A taken or malformed name
 * writes nothing.
 */
const type = 'pricing-table'
let project: ReturnType<typeof tempProject>
let written: string[]
let example: { heading: string; items: { title: string; href?: string }[] }

beforeAll(async () => {
  project = tempProject({ 'docs/authoring.md': readFileSync(join(projectRoot, 'docs/authoring.md'), 'utf8') }, { copy: ['src', 'schema'] })
  const made = await writeNewBlock(project.root, type)
  if (!made.ok) throw new Error(made.reason)
  written = made.written
  example = JSON.parse(readFileSync(join(project.root, 'schema/blocks', `${type}.schema.json`), 'utf8')).examples[0]
}, 60_000)
afterAll(() => project.remove())

describe('npm run new-block', () => {
  it('writes the schema, component, styles and test, and makes the types and the guide row again', () => {
    expect(written).toEqual([
      `schema/blocks/${type}.schema.json`,
      `src/blocks/${type}/index.tsx`,
      `src/blocks/${type}/${type}.module.css`,
      `tests/unit/blocks/${type}/index.test.tsx`,
      'src/generated/schema-types.ts',
      'src/generated/editor/page.schema.json',
      'src/generated/editor/shared.schema.json',
      'docs/authoring.md',
    ])
    expect(readFileSync(join(project.root, 'src/generated/schema-types.ts'), 'utf8')).toContain('export interface PricingTableBlock')
    const guide = readFileSync(join(project.root, 'docs/authoring.md'), 'utf8')
    // The row says what the block's schema says (its description's first sentence), as gen makes it.
    const description = JSON.parse(readFileSync(join(project.root, 'schema/blocks', `${type}.schema.json`), 'utf8')).description as string
    const row = guide.split('\n').find((line) => line.startsWith(`| \`${type}\` |`))
    expect(row).toBe(`| \`${type}\` | ${description.slice(0, description.indexOf('.') + 1)} |`)
    // The component is made of the shared pieces, not copies of them.
    const component = readFileSync(join(project.root, 'src/blocks', type, 'index.tsx'), 'utf8')
    for (const piece of ['components/section-intro', 'components/column-grid', 'components/site-link']) expect(component).toContain(piece)
  })

  it('gives a block that a page can use at once: the check passes and the build prerenders it', async () => {
    writeFileSync(join(project.root, 'pages', 'pricing.yaml'), `title: Pricing\ndescription: What recruitment and fieldwork cost, and what each option includes.\nblocks:\n${blockYaml()}`)
    expect(loadSite(projectPaths(project.root)).problems).toEqual([])
    await buildSite({ root: project.root, outDir: join(project.root, 'dist'), logLevel: 'silent' })
    const html = readFileSync(join(project.root, 'dist', 'pricing', 'index.html'), 'utf8')
    expect(html).toContain(example.heading)
    for (const item of example.items) expect(html).toContain(item.title)
    for (const item of example.items.filter((i) => i.href)) expect(html).toContain(`href="${item.href}"`)
  }, 120_000)

  it('gives a test that passes as written', () => {
    const run = spawnSync(process.execPath, [join(projectRoot, 'node_modules/vitest/vitest.mjs'), 'run', `tests/unit/blocks/${type}/index.test.tsx`], { cwd: project.root, encoding: 'utf8', env: { ...process.env, CI: 'true' } })
    expect(run.status, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toMatch(/2 passed/)
  }, 60_000)

  it('is the recipe docs/blocks.md gives: its command, and a table of exactly the files it writes', () => {
    const recipe = readFileSync(join(projectRoot, 'docs/blocks.md'), 'utf8')
    const section = recipe.slice(recipe.indexOf('## 0.'), recipe.indexOf('\n## 1.'))
    expect(section).toContain(`npm run new-block -- ${type}`)
    const listed = [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1])
    expect(listed).toEqual(written.filter((file) => !file.startsWith('src/generated/') && file !== 'docs/authoring.md'))
    expect(JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')).scripts['new-block']).toBe('tsx scripts/new-block.ts')
  })

  it('refuses a taken name or one that is not a type name, and writes nothing', async () => {
    const before = readdirSync(join(project.root, 'schema', 'blocks')).sort()
    const guide = readFileSync(join(project.root, 'docs/authoring.md'), 'utf8')
    expect(await writeNewBlock(project.root, type)).toEqual({ ok: false, reason: `schema/blocks/${type}.schema.json exists already: the block type "${type}" is taken. Nothing was written.` })
    expect(await writeNewBlock(project.root, 'hero')).toMatchObject({ ok: false })
    expect(await writeNewBlock(project.root, 'Pricing Table')).toEqual({ ok: false, reason: '"Pricing Table" cannot be a block type: use lower-case words joined by dashes, starting with a letter (e.g. pricing-table).' })
    expect(readdirSync(join(project.root, 'schema', 'blocks')).sort()).toEqual(before)
    expect(readFileSync(join(project.root, 'docs/authoring.md'), 'utf8')).toBe(guide)
    expect(existsSync(join(project.root, 'src/blocks/pricing'))).toBe(false)
  })
})

/** The schema's example as a block of a page, in YAML. */
function blockYaml(): string {
  const lines = [`  - type: ${type}`, `    heading: ${example.heading}`, `    items:`]
  for (const item of example.items) {
    lines.push(`      - title: ${item.title}`)
    for (const [key, value] of Object.entries(item)) if (key !== 'title') lines.push(`        ${key}: ${JSON.stringify(value)}`)
  }
  return `${lines.join('\n')}\n`
}
