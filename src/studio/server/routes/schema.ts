import { editorSchemas } from '../../../compiler/codegen/editor-schema.ts'
import { sharedFile, siteFile } from '../../../compiler/index.ts'
import { route } from './route.ts'

/** The editor schema for a file: the site settings, the shared blocks, or a page. */
export default route(
  'GET /api/schema',
  (f) => ({ path: f.text('path') }),
  ({ path }, { project }) => {
    project.resolve(path)
    const schemas = editorSchemas(project.paths.schemaDir)
    return path === siteFile ? schemas.site : path === sharedFile ? schemas.shared : schemas.page
  },
  { beforeChecked: true },
)
