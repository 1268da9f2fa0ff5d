/**
 * Changes (server/changes/changes.ts): the list, and each step of a
 * change's life. Each step tells every open studio page on the event
 * stream, so the queue and the comments follow without a reload.
 */
import { Refused } from '../refused.ts'
import { getAuthor, setAuthor } from '../publish/index.ts'
import { onePublishAtATime } from '../publish/publish-lock.ts'
import type { Actor } from '../changes/changes.ts'
import type { Author } from '../../shared/publish-types.ts'
import { noInput, route, type RouteContext } from './route.ts'
import { isChoice, isFieldChoices } from './publish.ts'

const isText = (value: unknown): value is string => typeof value === 'string'

/**
 * Who acts: the signed-in person in the team studio (an editor or not); in
 * the local studio its one person, as git knows them (asked once, as
 * Publish asks), who may do every step.
 */
async function actorOf(context: RouteContext, given?: Author): Promise<Actor> {
  if (context.user) return { name: context.user.name, email: context.user.email, editor: context.user.role === 'editor' }
  const root = context.project.paths.root
  if (given) {
    try {
      await setAuthor(root, given)
    } catch (error) {
      throw new Refused(`That name cannot be used: ${(error as Error).message}`, 400)
    }
  }
  const known = await getAuthor(root)
  if (!known?.name || !known.email) throw new Refused('Say who you are first: give your name and email (asked once; kept for this project).', 400)
  return { ...known, editor: true }
}

/** After each step: every open studio page reads the list again. */
function told<T>(context: RouteContext, answer: T): T {
  context.events.send({ type: 'changes' })
  return answer
}

export const listChanges = route('GET /api/changes', noInput, (_input, { changes }) => changes.list())

export const submitChange = route(
  'POST /api/change-submit',
  (f) => {
    const author = f.optionalRecord('author', isText, 'a name and an email')
    const files = f.textList('files')
    return { title: f.text('title'), ...(files.length ? { files } : {}), ...(author ? { author: { name: author.name ?? '', email: author.email ?? '' } } : {}) }
  },
  async ({ title, files, author }, context) => told(context, await context.changes.submit(await actorOf(context, author), { title, ...(files ? { files } : {}) })),
)

export const updateChange = route(
  'POST /api/change-update',
  (f) => ({ id: f.id('id'), files: f.textList('files') }),
  async ({ id, files }, context) => told(context, await context.changes.update(await actorOf(context), id, files)),
)

export const commentOnChange = route(
  'POST /api/change-comment',
  (f) => ({ id: f.id('id'), text: f.text('text') }),
  async ({ id, text }, context) => told(context, context.changes.comment(await actorOf(context), id, text)),
)

export const reviewChange = route(
  'POST /api/change-review',
  (f) => {
    const verdict = f.text('verdict')
    if (verdict !== 'approve' && verdict !== 'request-changes') throw new Refused('"verdict" must be "approve" or "request-changes".', 400)
    const comment = f.optionalText('comment')
    return { id: f.id('id'), verdict, ...(comment ? { comment } : {}) }
  },
  async ({ id, verdict, comment }, context) => told(context, context.changes.review(await actorOf(context), id, verdict, comment)),
)

export const withdrawChange = route(
  'POST /api/change-withdraw',
  (f) => ({ id: f.id('id') }),
  async ({ id }, context) => told(context, context.changes.withdraw(await actorOf(context), id)),
)

/** An approved change, checked, built, merged and sent live; its steps are told on the event stream as publish's are. */
export const publishAChange = route(
  'POST /api/change-publish',
  (f) => {
    const choices = f.optionalRecord('choices', isChoice, '"mine" or "theirs" for each page')
    const fieldChoices = f.optionalRecord('fieldChoices', isFieldChoices, 'for each page, "mine" or "theirs" for each field')
    return { id: f.id('id'), ...(choices ? { choices } : {}), ...(fieldChoices ? { fieldChoices } : {}) }
  },
  async ({ id, choices, fieldChoices }, context) => {
    const by = await actorOf(context)
    const { project, events, publishState, pagesChanged, writers } = context
    return onePublishAtATime(async () => {
      const outcome = await context.changes.publish(by, id, { signedIn: by, ...(choices ? { choices } : {}), ...(fieldChoices ? { fieldChoices } : {}), onStep: (step, progress) => events.send({ type: 'publish-step', step, ...(progress ? { progress } : {}) }) })
      if (outcome.kind === 'published') {
        writers?.published(outcome.files)
        await project.reread()
        pagesChanged()
      }
      await publishState.now()
      return told(context, outcome)
    })
  },
)
