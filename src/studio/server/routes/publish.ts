import { publish } from '../publish/index.ts'
import { onePublishAtATime } from '../publish/publish-lock.ts'
import type { Author, Choice } from '../../shared/publish-types.ts'
import { route } from './route.ts'

const isChoice = (value: unknown): value is Choice => value === 'mine' || value === 'theirs'
const isText = (value: unknown): value is string => typeof value === 'string'

/** Check, build, commit and push the changed pages and media; each step is told on the event stream as it starts. */
export default route(
  'POST /api/publish',
  (f) => {
    const author = f.optionalRecord('author', isText, 'a name and an email')
    const choices = f.optionalRecord('choices', isChoice, '"mine" or "theirs" for each page')
    return {
      message: f.text('message'),
      ...(author ? { author: { name: author.name ?? '', email: author.email ?? '' } satisfies Author } : {}),
      ...(choices ? { choices } : {}),
    }
  },
  async (input, context) => {
    const { project, events, publishState, pagesChanged, user, writers } = context
    return onePublishAtATime(async () => {
      const outcome = await publish(project.paths.root, { ...input, leaveOut: context.changes.heldFiles(), ...(user ? { signedIn: { name: user.name, email: user.email } } : {}), ...(writers ? { writersOf: (files) => writers.of(files) } : {}), onStep: (step, progress) => events.send({ type: 'publish-step', step, ...(progress ? { progress } : {}) }) })
      // A merge may have brought pages from the remote into pages/.
      if (outcome.kind === 'published') {
        writers?.published(outcome.files)
        await project.reread()
        pagesChanged()
      }
      await publishState.now()
      return outcome
    })
  },
)
