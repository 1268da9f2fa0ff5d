import { buildCatalogue } from '../../../compiler/codegen/catalogue.ts'
import { noInput, route } from './route.ts'

/** Every block type with its description and examples, for Add a block. */
export default route('GET /api/catalogue', noInput, (_, { project }) => buildCatalogue(project.paths.schemaDir), { beforeChecked: true })
