import { route } from './route.ts'

/** Delete a page, and any draft of it. */
export default route(
  'POST /api/delete',
  (f) => ({ path: f.text('path') }),
  ({ path }, { project, drafts, pagesChanged }) => {
    const removed = project.remove(path)
    drafts.drop(path)
    pagesChanged()
    return removed
  },
)
