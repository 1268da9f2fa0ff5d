import { route } from './route.ts'

/** Delete a page, and any draft of it; its text is kept, for Deleted pages to put back. */
export default route(
  'POST /api/delete',
  (f) => ({ path: f.text('path') }),
  async ({ path }, { project, drafts, deleted, pagesChanged }) => {
    const removed = await project.remove(path, (text) => deleted.keep(path, text))
    drafts.drop(path)
    pagesChanged()
    return removed
  },
)
