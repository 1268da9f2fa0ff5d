import { Refused } from '../refused.ts'
import { linksTo, withoutLinks, type RemovedLink } from '../links-to-page.ts'
import { routeFromFile } from '../../../shared/routes.ts'
import { route } from './route.ts'
import { pageName, sentenceStart } from '../../shared/author-words.ts'

/**
 * Delete a page, and any draft of it; its text is kept, for Deleted pages
 * to put back. With `withLinks`, the list items that link to it (a hub's
 * card, a menu entry) go in the same step and are kept with it, so neither
 * a broken link nor, once restored, an orphan page is left.
 */
export default route(
  'POST /api/delete',
  (f) => ({ path: f.text('path'), withLinks: f.flag('withLinks') }),
  async ({ path, withLinks }, { project, drafts, deleted, pagesChanged }) => {
    let others = new Map<string, string>()
    let links: RemovedLink[] = []
    const of = routeFromFile(path)
    if (withLinks && of.kind === 'route') {
      const texts = project.texts()
      texts.delete(path)
      const edited = withoutLinks(linksTo(of.route, texts), texts)
      if ('error' in edited) throw new Refused(`The links to it could not be taken out, so nothing was deleted: ${edited.error}`, 409)
      const unsaved = [...edited.texts.keys()].find((file) => drafts.get(file))
      if (unsaved) throw new Refused(`${sentenceStart(pageName(unsaved))} links to this page and has edits you have not saved: save or discard them first. Nothing was deleted.`, 409)
      others = edited.texts
      links = edited.removed
    }
    const removed = await project.remove(path, (text) => deleted.keep(path, text, links), others)
    drafts.drop(path)
    pagesChanged()
    return { ...removed, unlinked: [...others.keys()] }
  },
)
