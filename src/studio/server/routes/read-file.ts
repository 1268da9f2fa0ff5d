import { sharedFile, siteFile } from '../../../compiler/index.ts'
import { route } from './route.ts'

/** A page's text and hash as on disk, with its kept draft if there is one. */
export default route(
  'GET /api/file',
  (f) => ({ path: f.text('path') }),
  ({ path }, { project, drafts }) => {
    const read = project.read(path)
    const draft = drafts.get(path)
    const kind = path === siteFile ? 'site' : path === sharedFile ? 'shared' : 'page'
    return { ...read, kind, ...(draft && draft.text !== read.text ? { draft } : {}) }
  },
  { beforeChecked: true },
)
