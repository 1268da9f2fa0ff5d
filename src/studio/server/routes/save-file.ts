import { route } from './route.ts'

/**
 * Write the editor's text over the page; the page's draft is then done with.
 * Not held up by the studio's first read of every page (StudioProject.save).
 */
export default route(
  'PUT /api/file',
  (f) => ({ path: f.text('path'), text: f.text('text'), baseHash: f.optionalText('baseHash'), force: f.flag('force') }),
  ({ path, text, baseHash, force }, { project, drafts, pagesChanged }) => {
    const saved = project.save(path, text, baseHash, force ?? false)
    drafts.drop(path)
    pagesChanged()
    return saved
  },
  { beforeChecked: true },
)
