import { describedPageHistory } from '../publish/history.ts'
import { route } from './route.ts'

/** A page's published versions, newest first (git log --follow), each with what it changed on the page. */
export default route(
  'GET /api/history',
  (f) => ({ path: f.text('path') }),
  ({ path }, { project }) => {
    project.resolve(path)
    return describedPageHistory(project.paths.root, path)
  },
  { beforeChecked: true },
)
