import { join } from 'node:path'
import { loadSchemaSet, type SchemaSet } from '../../src/compiler/schema/schema-set'

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
