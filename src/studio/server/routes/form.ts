import { readSchemaFiles } from '../../../compiler/schema/schema-files.ts'
import { formModel } from '../../forms/schema-fields.ts'
import { noInput, route } from './route.ts'

/** The forms of the page, the site settings and every block type, from schema/ as it is now. */
export default route('GET /api/form', noInput, (_, { project }) => {
  const files = readSchemaFiles(project.paths.schemaDir)
  return formModel({ page: files.page, site: files.site, defs: files.defs, blocks: [...files.blocks].map(([type, file]) => [type, file.schema]) })
})
