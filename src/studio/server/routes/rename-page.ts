import { route } from './route.ts'

/** Move a page to a new address; its draft moves with it. */
export default route(
  'POST /api/rename',
  (f) => ({ path: f.text('path'), route: f.text('route') }),
  async (input, { project, drafts, pagesChanged }) => {
    const moved = await project.rename(input.path, input.route)
    drafts.move(input.path, moved.file)
    pagesChanged()
    return moved
  },
)
