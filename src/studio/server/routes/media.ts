import { noInput, route } from './route.ts'

/** Pictures and videos under public/, for the picker. */
export default route('GET /api/media', noInput, (_, { project }) => project.mediaList())
