import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadSchemaSet, type SchemaSet } from '../../src/compiler/schema/schema-set'
import { loadSite, projectPaths, siteFile, type LoadedSite } from '../../src/compiler/index'
import { tempProject } from '../../scripts/temp-project'

export const projectRoot = join(import.meta.dirname, '..', '..')

/**
 * The real schemas, checked against a fixed set of routes and media so the
 * fixtures do not depend on what pages/ and public/ hold today.
 */
export function fixtureSchemas(): SchemaSet {
  return loadSchemaSet(join(projectRoot, 'schema'), {
    routes: new Set(['/', '/b2b-audience', '/about-us', '/b2b/smes']),
    media: new Set(['/media/img/b2b-smes.webp', '/media/video/b2b.webm', '/media/video/b2b.mp4']),
  })
}

/** A file of tests/fixtures/mini-site: a home page and the site settings, apart from what pages/ holds today. */
export const mini = (name: string) => readFileSync(join(projectRoot, 'tests/fixtures/mini-site', name), 'utf8')

/** The mini site's home page under another title and description, so no two pages share them. */
export const pageNamed = (name: string) => mini('index.yaml').replace(/^title: .*$/m, `title: ${name}`).replace(/^description: .*$/m, `description: About ${name}.`)

/**
 * Load a throwaway project whose pages/ holds the mini site's settings and
 * `files` (paths from the project root), as the build would.
 */
export function loadMiniSite(files: Record<string, string>): LoadedSite {
  const project = tempProject({ [`pages/${siteFile}`]: mini(siteFile), ...files }, { copyPages: false })
  try {
    return loadSite(projectPaths(project.root))
  } finally {
    project.remove()
  }
}
