import { Refused } from '../refused.ts'
import { route } from './route.ts'

/** What publishing would take: the changed pages and media in page terms, the rest left alone, the branch against its remote. */
export default route(
  'GET /api/publish',
  (f) => (f.optionalText('fetch') === 'yes' ? { fetch: 'yes' as const } : {}),
  async (input, { publishState }) => {
    const status = await publishState.now({ fetch: input.fetch === 'yes' })
    if (!status) throw new Refused('This project is not a git repository, so there is nothing to publish to; ask a developer to set it up with git.', 409)
    return status
  },
)
