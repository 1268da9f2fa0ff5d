import { route } from './route.ts'

/** Drop the page's kept draft: the author chose the saved text. */
export default route(
  'POST /api/discard-draft',
  (f) => ({ path: f.text('path') }),
  ({ path }, { project, drafts, draftsChanged }) => {
    project.resolve(path)
    drafts.drop(path)
    draftsChanged()
    return {}
  },
  { beforeChecked: true },
)
