import { route } from './route.ts'

/** A new page with new-page's rules: a starter, or a copy of another page. */
export default route(
  'POST /api/create',
  (f) => ({ route: f.text('route'), like: f.optionalText('like') }),
  (input, { project, pagesChanged }) => {
    const made = project.create(input.route, input.like)
    pagesChanged()
    return made
  },
)
