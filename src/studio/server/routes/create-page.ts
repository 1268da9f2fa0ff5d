import { route } from './route.ts'

/**
 * A new page with new-page's rules: a starter, or a copy of another page
 * (its words emptied, if asked), linked from the places the author picked
 * (GET /api/link-places) in the same step.
 */
export default route(
  'POST /api/create',
  (f) => ({ route: f.text('route'), like: f.optionalText('like'), clearWords: f.flag('clearWords'), linkFrom: f.textList('linkFrom') }),
  async (input, { project, drafts, pagesChanged }) => {
    const made = await project.create(input.route, input.like, { clearWords: input.clearWords, linkFrom: input.linkFrom, hasDraft: (file) => drafts.get(file) !== undefined })
    pagesChanged()
    return made
  },
)
