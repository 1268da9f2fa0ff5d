import { deletedPages } from '../publish/index.ts'
import { noInput, route } from './route.ts'

/** Pages deleted in the history and not in pages/ now, newest deletion first. */
export default route('GET /api/deleted', noInput, (_, { project }) => deletedPages(project.paths.root).catch(() => []), { beforeChecked: true })
