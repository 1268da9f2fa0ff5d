/**
 * `npm run new-block -- <type>`: the files of a working block type, made
 * with the project's shared pieces, for a developer to make their own.
 *
 * The block it writes is a section: the shared heading and introduction
 * (components/section-intro.tsx), then a grid of items (components/
 * column-grid.ts, the column rules every grid block uses), each with a
 * title, a sentence and an optional link (components/site-link.tsx: routes
 * of the site navigate in the app, other links open safely). Its schema has
 * a description, limits and an example on every field, so the check, the
 * catalogue and the studio's form work from the first minute; its test
 * renders that example. Nothing is registered by hand: the registry, the
 * types, the catalogue and the form are derived from the schema and the
 * folder.
 */

/** One file to write, relative to the project root. */
export interface PlannedFile {
  path: string
  text: string
}

export type NewBlockPlan = { ok: true; type: string; files: PlannedFile[] } | { ok: false; reason: string }

/** Lower-case words joined by dashes, starting with a letter: the file and folder names, and what pages write after "type:". */
const typeName = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/

/**
 * Plan a new block type's files, or say why not: a name that is not one,
 * or a type whose schema or folder exists already (nothing is overwritten).
 */
export function planNewBlock(type: string, existing: { schemas: readonly string[]; folders: readonly string[] }): NewBlockPlan {
  if (!typeName.test(type)) return { ok: false, reason: `"${type}" cannot be a block type: use lower-case words joined by dashes, starting with a letter (e.g. pricing-table).` }
  if (existing.schemas.includes(type)) return { ok: false, reason: `schema/blocks/${type}.schema.json exists already: the block type "${type}" is taken. Nothing was written.` }
  if (existing.folders.includes(type)) return { ok: false, reason: `src/blocks/${type}/ exists already. Nothing was written.` }
  const name = pascal(type)
  const words = type.replace(/-/g, ' ')
  return {
    ok: true,
    type,
    files: [
      { path: `schema/blocks/${type}.schema.json`, text: schemaOf(type, name, words) },
      { path: `src/blocks/${type}/index.tsx`, text: componentOf(type, name) },
      { path: `src/blocks/${type}/${type}.module.css`, text: stylesOf(words) },
      { path: `tests/unit/blocks/${type}/index.test.tsx`, text: testOf(type, name) },
    ],
  }
}

/** "pricing-table" -> "PricingTable". */
export function pascal(type: string): string {
  return type.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase())
}

const example = {
  heading: 'Three ways to work with us',
  text: 'Choose the help you need, from a single recruit to a whole fieldwork team.',
  items: [
    { title: 'Recruitment only', text: 'We find and screen the people; you run the sessions.', href: '/online-search' },
    { title: 'Recruitment and fieldwork', text: 'We find the people and run the interviews with you.' },
    { title: 'Full service', text: 'From the brief to the last transcript, we handle it all.' },
  ],
}

function schemaOf(type: string, name: string, words: string): string {
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `blocks/${type}.schema.json`,
    title: `${name}Block`,
    description: `A ${words}: a heading and introduction, then a grid of items, each with a title, a sentence and an optional link. (Say here what an author would use it for.)`,
    type: 'object',
    required: ['type', 'heading', 'items'],
    additionalProperties: false,
    properties: {
      type: { const: type, description: `Always "${type}".`, examples: [type] },
      id: { $ref: '../defs.schema.json#/$defs/anchor' },
      eyebrow: { type: 'string', minLength: 1, maxLength: 40, description: 'A small label above the heading.', examples: ['Our services'] },
      heading: { type: 'string', minLength: 1, maxLength: 120, description: "The section's heading.", examples: [example.heading] },
      text: { $ref: '../defs.schema.json#/$defs/paragraphs', description: 'An optional introduction under the heading.' },
      items: {
        type: 'array',
        minItems: 2,
        maxItems: 6,
        description: 'The items, in order: up to three to a row on wide screens.',
        items: {
          type: 'object',
          required: ['title', 'text'],
          additionalProperties: false,
          properties: {
            title: { type: 'string', minLength: 1, maxLength: 80, description: "The item's title, in a few words.", examples: [example.items[0]!.title] },
            text: { type: 'string', minLength: 1, maxLength: 300, description: 'A sentence or two about it.', examples: [example.items[0]!.text] },
            href: { $ref: '../defs.schema.json#/$defs/href', description: 'Where the item leads, if anywhere: a page of the site ("/about-us") or an address.' },
          },
        },
        examples: [example.items.slice(0, 2)],
      },
    },
    examples: [{ type, ...example }],
  }
  return `${JSON.stringify(schema, null, 2)}\n`
}

function componentOf(type: string, name: string): string {
  return `import type { ${name}Block } from '../../generated/schema-types'
import { columnGrid } from '../../components/column-grid'
import { SectionIntro } from '../../components/section-intro'
import { SiteLink } from '../../components/site-link'
import styles from './${type}.module.css'

/**
 * A heading and introduction, then the items in a grid: one column on
 * phones, two from mid-width screens, up to three on wide ones (the shared
 * column rules in components/columns.module.css).
 */
export default function ${name}({ id, eyebrow, heading, text, items }: ${name}Block) {
  return (
    <section id={id} className={styles.section}>
      <SectionIntro eyebrow={eyebrow} heading={heading} text={text} />
      <ul {...columnGrid(items.length, { mid: 2, wide: 3 }, styles.items)}>
        {items.map((item, i) => (
          <li key={i} className={styles.item}>
            <h3 className={styles.title}>{item.title}</h3>
            <p className={styles.text}>{item.text}</p>
            {item.href && (
              <SiteLink href={item.href} className={styles.more}>
                Read more<span className="visually-hidden"> about {item.title}</span>
              </SiteLink>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
`
}

function stylesOf(words: string): string {
  return `/* The ${words} block: the page's width inside the gutters, like the other sections. */
.section {
  max-width: calc(var(--page-width) + 2 * var(--gutter));
  margin: 0 auto;
  padding: clamp(3rem, 7vw, 5.5rem) var(--gutter);
}

/* The grid's columns come from components/columns.module.css (columnGrid). */
.items {
  display: grid;
  gap: 1.5rem;
  margin: 2rem 0 0;
  padding: 0;
  list-style: none;
}

.item {
  padding: 1.5rem;
  border: 1px solid var(--line);
  border-radius: var(--radius);
  background: var(--surface);
}

.title {
  margin: 0 0 0.5rem;
  font-size: 1.25rem;
}

.text {
  margin: 0;
  color: var(--muted);
}

.more {
  display: inline-block;
  margin-top: 1rem;
  font-weight: 700;
  color: var(--accent-strong);
}
`
}

function testOf(type: string, name: string): string {
  return `import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import ${name} from '../../../../src/blocks/${type}'
import type { ${name}Block } from '../../../../src/generated/schema-types'

/** The ${type} block, drawn from its schema's own example: what a page with it shows. */
const schema = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../schema/blocks/${type}.schema.json'), 'utf8'))
const block = schema.examples[0] as ${name}Block

describe('the ${type} block', () => {
  const html = renderToString(
    <MemoryRouter>
      <${name} {...block} />
    </MemoryRouter>,
  )

  it('shows its heading and every item, in order', () => {
    expect(html).toContain(block.heading)
    const at = block.items.map((item) => html.indexOf(item.title))
    expect(at.every((i) => i >= 0)).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
  })

  it('links the items that have a link, and only those', () => {
    const linked = block.items.filter((item) => item.href)
    expect(html.match(/Read more/g)?.length ?? 0).toBe(linked.length)
    for (const item of linked) expect(html).toContain(\`href="\${item.href}"\`)
  })
})
`
}
