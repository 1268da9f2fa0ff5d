import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { buildSite } from '../../../../src/compiler/bundle/build-site'
import { writeGenerated } from '../../../../src/compiler/codegen/generated-outputs'
import { formatProblems, PageProblemsError } from '../../../../src/compiler/problems/problems'
import { pageNamed } from '../../../support/fixture-targets'
import { tempProject } from '../../../../scripts/temp-project'
import { startStudio } from '../../../../src/studio/server/server'
import type { FormModel } from '../../../../src/studio/forms/fields'
import { sessionToken } from '../../../support/studio-session'

let remove = () => {}
afterEach(() => remove())

const quoteSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'blocks/quote.schema.json',
  title: 'QuoteBlock',
  description: 'A large quotation with who said it.',
  type: 'object',
  required: ['type', 'text', 'author'],
  additionalProperties: false,
  properties: {
    type: { const: 'quote', description: 'Always "quote".' },
    text: { type: 'string', minLength: 1, description: 'The quotation.', examples: ['They found people we had given up on.'] },
    author: { type: 'string', minLength: 1, description: 'Who said it.', examples: ['Dana Whitfield'] },
  },
  examples: [{ type: 'quote', text: 'They found people we had given up on.', author: 'Dana Whitfield' }],
}

const quoteComponent = `export default function Quote({ text, author }: { text: string; author: string }) {
  return (
    <figure className="quote-block">
      <blockquote>{text}</blockquote>
      <figcaption>{author}</figcaption>
    </figure>
  )
}
`

it('a new block type needs one schema file, one component folder and npm run gen; the build refuses it until gen has run', async () => {
  const project = tempProject(
    {
      // Beside the site's pages: the schemas' examples link to them, and gen checks each as a block of a page of this site.
      'pages/quote-check.yaml': `${pageNamed('Quote check')}  - type: quote\n    text: Real people mean real data.\n    author: A happy client\n`,
      'schema/blocks/quote.schema.json': JSON.stringify(quoteSchema, null, 2),
      'src/blocks/quote/index.tsx': quoteComponent,
    },
    { copy: ['src', 'schema'] },
  )
  remove = project.remove
  // The schema changed and src/generated/ did not: one located line, and nothing built.
  const refused = await buildSite({ root: project.root, catalogue: true }).catch((error: unknown) => error)
  expect(refused).toBeInstanceOf(PageProblemsError)
  expect(formatProblems((refused as PageProblemsError).problems)).toMatch(/^src\/generated\/schema-types\.ts:1:1 {2}src\/generated\/ is out of date[^\n]*\n {4}hint: Run npm run gen/)
  expect((refused as PageProblemsError).problems).toHaveLength(1)
  expect(await writeGenerated(project.root)).toEqual(['src/generated/schema-types.ts', 'src/generated/editor/page.schema.json', 'src/generated/editor/shared.schema.json'])
  await buildSite({ root: project.root, catalogue: true })
  const home = readFileSync(join(project.root, 'dist/quote-check/index.html'), 'utf8')
  expect(home).toContain('<figure class="quote-block"><blockquote>Real people mean real data.</blockquote><figcaption>A happy client</figcaption></figure>')
  // The catalogue picks it up from its schema's example.
  expect(readFileSync(join(project.root, 'dist/blocks/index.html'), 'utf8')).toContain('They found people we had given up on.')
}, 120_000)

it("a new block type's schema gives it a form in the studio, with no studio code changed", async () => {
  const project = tempProject({ 'schema/blocks/quote.schema.json': JSON.stringify(quoteSchema, null, 2) }, { copy: ['schema'] })
  const studio = await startStudio({ root: project.root, port: 0 })
  remove = () => {
    void studio.close()
    project.remove()
  }
  const token = await sessionToken(studio)
  const model = (await (await fetch(new URL('/api/form', studio.url), { headers: { 'x-studio-token': token } })).json()) as FormModel
  const quote = model.blocks.find((b) => b.type === 'quote')
  expect(quote).toMatchObject({ label: 'Quote', help: 'A large quotation with who said it.', example: quoteSchema.examples[0] })
  expect(quote!.field.fields.map((f) => [f.name, f.field.kind, f.field.label, f.field.required])).toEqual([
    ['type', 'fixed', 'Type', true],
    ['text', 'text', 'Text', true],
    ['author', 'text', 'Author', true],
  ])
}, 60_000)
