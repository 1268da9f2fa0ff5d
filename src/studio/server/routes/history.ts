import { pageHistory } from '../publish/index.ts'
import { route } from './route.ts'

/** A page's published versions, newest first (git log --follow). */
export default route(
  'GET /api/history',
  (f) => ({ path: f.text('path') }),
  ({ path }, { project }) => {
    project.resolve(path)
    return pageHistory(project.paths.root, path)
  },
  { beforeChecked: true },
)
