import { readFormModel } from '../form-model.ts'
import { noInput, route } from './route.ts'

/** The forms of the page, the site settings and every block type, from schema/ as it is now. */
export default route('GET /api/form', noInput, (_, { project }) => readFormModel(project.paths.schemaDir), { beforeChecked: true })
