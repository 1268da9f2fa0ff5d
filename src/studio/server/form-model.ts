import { readSchemaFiles } from '../../compiler/schema/schema-files.ts'
import { formModel } from '../forms/schema-fields.ts'
import type { FormModel } from '../forms/fields.ts'

/** The forms of the page, the site settings and every block type, from schema/ as it is on disk now. */
export function readFormModel(schemaDir: string): FormModel {
  const files = readSchemaFiles(schemaDir)
  return formModel({ page: files.page, site: files.site, defs: files.defs, blocks: [...files.blocks].map(([type, file]) => [type, file.schema]) })
}
