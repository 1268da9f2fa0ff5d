import { readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { stringify } from 'yaml'
import { problem } from '../problems/errors.ts'
import { PageProblemsError, type Problem } from '../problems/problems.ts'
import { loadSchemaSet, type SchemaSet } from '../schema/schema-set.ts'
import { schemaDocProblems } from '../schema/schema-docs.ts'
import { schemaLocator } from '../schema/schema-locate.ts'
import { blockSchemaFile, readSchemaFiles } from '../schema/schema-files.ts'
import { checkPageSource, type PageContext } from './page-checks.ts'
import { listPages } from './list-pages.ts'
import { listMedia } from './public-media.ts'
import type { ProjectPaths } from './project-paths.ts'

/**
 * A block schema's examples, each checked as the one block of a real page
 * of this site (its links to the site's pages, its pictures in public/):
 * the block catalogue shows them and an author pastes them, so one that
 * fails is a problem located at the example in its schema file.
 */
export function schemaExampleProblems(schemaDir: string, schemas: SchemaSet, context: PageContext): Problem[] {
  const problems: Problem[] = []
  for (const [type, block] of schemas.blocks) {
    const examples = Array.isArray(block.schema.examples) ? block.schema.examples : []
    const file = `${basename(schemaDir)}/${blockSchemaFile(type)}`
    let where: ReturnType<typeof schemaLocator> | undefined
    examples.forEach((example, index) => {
      const page = stringify({ title: 'Example', description: `An example of the ${type} block.`, blocks: [example] })
      for (const found of checkPageSource(file, new TextEncoder().encode(page), schemas, context).problems) {
        where ??= schemaLocator(file, readFileSync(join(schemaDir, blockSchemaFile(type)), 'utf8'))
        // The example is the page's first block: its place in the page is its place in the example.
        const inBlock = found.path?.[0] === 'blocks' && found.path[1] === 0 ? found.path.slice(2) : []
        const key = typeof inBlock.at(-1) === 'string' ? String(inBlock.at(-1)) : undefined
        problems.push(problem('SchemaExampleFails', { type, index, message: found.message }, where(['examples', index, ...inBlock], key)))
      }
    })
  }
  return problems
}

/**
 * Every rule of schema/, as `npm run gen` runs them before it writes a
 * type: JSON Schema's own (Ajv in strict mode: a misspelt keyword), the
 * docs rules (schema-docs.ts) and the examples, against the site's pages
 * and files as they are, without reading a page.
 */
export function schemaRuleProblems(paths: ProjectPaths): Problem[] {
  const files = readSchemaFiles(paths.schemaDir)
  const media = listMedia(paths.publicDir)
  const problems = schemaDocProblems(paths.schemaDir, files)
  try {
    const schemas = loadSchemaSet(paths.schemaDir, { routes: new Set(listPages(paths).routeFiles.keys()), media: new Set(media.keys()), fragments: new Set() }, { files })
    problems.push(...schemaExampleProblems(paths.schemaDir, schemas, { fragments: new Map(), media }))
  } catch (error) {
    if (!(error instanceof PageProblemsError)) throw error
    problems.push(...error.problems)
  }
  return problems
}
