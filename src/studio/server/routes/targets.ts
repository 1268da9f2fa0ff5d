import { noInput, route } from './route.ts'

/** Every route of the site and the anchors its blocks define, for the link picker. */
export default route('GET /api/targets', noInput, (_, { project }) => project.targets())
