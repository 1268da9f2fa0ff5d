import { route } from './route.ts'

/** Where New page can link the page it makes from: after the links to the page it copies, and in the site's menus. */
export default route('GET /api/link-places', (f) => ({ like: f.optionalText('like') }), ({ like }, { project }) => project.linkPlaces(like))
