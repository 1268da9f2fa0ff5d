import { publish } from '../publish/index.ts'
import { onePublishAtATime } from '../publish/publish-lock.ts'
import type { Author, Choice } from '../../shared/publish-types.ts'
import { route } from './route.ts'

/** A side to keep, for a page or a field changed on both sides (also read by change-publish). */
export const isChoice = (value: unknown): value is Choice => value === 'mine' || value === 'theirs'
export const isFieldChoices = (value: unknown): value is Record<string, Choice> => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isChoice)
const isText = (value: unknown): value is string => typeof value === 'string'

/** Check, build, commit and push the changed pages and media; each step is told on the event stream as it starts. */
export default route(
  'POST /api/publish',
  (f) => {
    const author = f.optionalRecord('author', isText, 'a name and an email')
    const choices = f.optionalRecord('choices', isChoice, '"mine" or "theirs" for each page')
    const fieldChoices = f.optionalRecord('fieldChoices', isFieldChoices, 'for each page, "mine" or "theirs" for each field')
    return {
      message: f.text('message'),
      ...(author ? { author: { name: author.name ?? '', email: author.email ?? '' } satisfies Author } : {}),
      ...(choices ? { choices } : {}),
      ...(fieldChoices ? { fieldChoices } : {}),
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
