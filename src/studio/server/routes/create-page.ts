import { route } from './route.ts'

/** A new page with new-page's rules: a starter, or a copy of another page (its words emptied, if asked). */
export default route(
  'POST /api/create',
  (f) => ({ route: f.text('route'), like: f.optionalText('like'), clearWords: f.flag('clearWords') }),
  (input, { project, pagesChanged }) => {
    const made = project.create(input.route, input.like, { clearWords: input.clearWords })
    pagesChanged()
    return made
  },
)
