import { Refused } from '../refused.ts'
import { withLinksMoved } from '../links-to-page.ts'
import { pageName, sentenceStart } from '../../shared/author-words.ts'
import { route } from './route.ts'

/**
 * After a rename, the links that still lead to the page's old address made
 * to lead to its new one, in every page and the header and footer, each
 * file written whole. Refused, writing nothing, when the new address is no
 * page, or a file to change has edits not saved.
 */
export default route(
  'POST /api/relink',
  (f) => ({ from: f.text('from'), to: f.text('to') }),
  async ({ from, to }, { project, drafts, pagesChanged }) => {
    if (!project.targets().routes.includes(to)) throw new Refused(`There is no page ${to} to lead the links to; nothing was changed.`, 400)
    if (project.targets().routes.includes(from)) throw new Refused(`${from} is a page again, so its links lead somewhere; nothing was changed.`, 409)
    const moved = withLinksMoved(from, to, project.texts())
    if ('error' in moved) throw new Refused(`The links could not be changed, so none was: ${moved.error}`, 409)
    const unsaved = [...moved.texts.keys()].find((file) => drafts.get(file))
    if (unsaved) throw new Refused(`${sentenceStart(pageName(unsaved))} links to ${from} and has edits you have not saved: save or discard them first. No link was changed.`, 409)
    await project.rewrite(moved.texts)
    pagesChanged()
    return { relinked: [...moved.texts.keys()].sort() }
  },
)
